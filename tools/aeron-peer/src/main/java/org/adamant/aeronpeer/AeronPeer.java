package org.adamant.aeronpeer;

import io.aeron.Aeron;
import io.aeron.FragmentAssembler;
import io.aeron.Publication;
import io.aeron.Subscription;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import io.aeron.logbuffer.FragmentHandler;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.UnsafeBuffer;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The Aeron peer of tools/throughput/throughput.sh, measured as ant-bench measures NAKcast: one
 * publisher process and N subscriber processes, each with its own embedded media driver (its own
 * Aeron directory), on one UDP multicast channel on loopback. A message is SIZE bytes: the send
 * time (System.nanoTime, which is CLOCK_MONOTONIC on Linux and so comparable across processes),
 * the sequence, then filler.
 *
 * <pre>
 *   sub --channel C --stream S --count N --size B --dir D --ready FILE --done FILE
 *       prints "RESULT received R first_ns F last_ns L p50_us P p99_us Q mean_us M order_errors E"
 *   pub --channel C --stream S --count N --size B --rate HZ --dir D [--wait FILE,FILE,... --wait-ms MS]
 *       prints "PUBLISHED N seconds T achieved_hz A requested_hz H behind_ms B"
 * </pre>
 * The publisher keeps its publication (and its driver, which repairs) until every --wait file
 * exists (each subscriber's --done) or --wait-ms passed, so no subscriber loses the tail.
 *
 * Latency is receipt minus send time per message; the publisher follows an absolute schedule
 * (message k due at k / rate) and reports how far it fell behind.
 */
public final class AeronPeer {
    private static final int HEADER = 16;  // send time, sequence

    private AeronPeer() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 1) {
            usage();
        }
        final Map<String, String> o = options(args);
        final String channel = o.getOrDefault("channel",
                "aeron:udp?endpoint=239.255.0.9:40456|interface=127.0.0.1|ttl=0");
        final int stream = Integer.parseInt(o.getOrDefault("stream", "1001"));
        final long count = Long.parseLong(o.getOrDefault("count", "100000"));
        final int size = Integer.parseInt(o.getOrDefault("size", "64"));
        final String dir = o.get("dir");
        if (dir == null || size < HEADER) {
            usage();
        }
        final MediaDriver.Context driver = new MediaDriver.Context()
                .aeronDirectoryName(dir)
                .threadingMode(ThreadingMode.SHARED)
                .sharedIdleStrategy(new BackoffIdleStrategy())
                .dirDeleteOnStart(true)
                .dirDeleteOnShutdown(true);
        try (MediaDriver md = MediaDriver.launchEmbedded(driver);
             Aeron aeron = Aeron.connect(new Aeron.Context().aeronDirectoryName(md.aeronDirectoryName()))) {
            switch (args[0]) {
                case "pub" -> publish(aeron, channel, stream, count, size,
                        Double.parseDouble(o.getOrDefault("rate", "1000")), o.getOrDefault("wait", ""),
                        Long.parseLong(o.getOrDefault("wait-ms", "10000")));
                case "sub" -> subscribe(aeron, channel, stream, count, o.get("ready"), o.get("done"),
                        Long.parseLong(o.getOrDefault("idle-ms", "3000")));
                default -> usage();
            }
        }
    }

    private static void publish(Aeron aeron, String channel, int stream, long count, int size, double rate,
            String wait, long waitMs) throws InterruptedException {
        try (Publication pub = aeron.addPublication(channel, stream)) {
            final long connectDeadline = System.nanoTime() + 10_000_000_000L;
            while (!pub.isConnected()) {
                if (System.nanoTime() > connectDeadline) {
                    throw new IllegalStateException("no subscriber connected within 10 s");
                }
                Thread.sleep(10);
            }
            Thread.sleep(200);  // every subscriber's image is up, not only the first
            final UnsafeBuffer buf = new UnsafeBuffer(ByteBuffer.allocateDirect(size));
            for (int i = HEADER; i < size; i++) {
                buf.putByte(i, (byte) i);
            }
            final double periodNs = 1e9 / rate;
            final BackoffIdleStrategy idle = new BackoffIdleStrategy();
            long behind = 0;
            final long t0 = System.nanoTime();
            for (long k = 0; k < count; k++) {
                final long due = t0 + (long) (k * periodNs);
                long now = System.nanoTime();
                while (now < due) {
                    if (due - now > 50_000) {
                        Thread.onSpinWait();
                        idle.idle();
                    }
                    now = System.nanoTime();
                }
                idle.reset();
                behind = Math.max(behind, now - due);
                buf.putLong(8, k + 1);
                for (;;) {
                    buf.putLong(0, System.nanoTime());
                    final long r = pub.offer(buf, 0, size);
                    if (r > 0) {
                        break;
                    }
                    if (r == Publication.CLOSED || r == Publication.MAX_POSITION_EXCEEDED) {
                        throw new IllegalStateException("publication failed: " + r);
                    }
                    Thread.onSpinWait();  // back pressure or not connected: retry
                }
            }
            final double secs = (System.nanoTime() - t0) / 1e9;
            System.out.printf("PUBLISHED %d seconds %.3f achieved_hz %.0f requested_hz %.0f behind_ms %.1f%n",
                    count, secs, count / secs, rate, behind / 1e6);
            System.out.flush();
            final long waitDeadline = System.nanoTime() + waitMs * 1_000_000L;
            for (String f : wait.isEmpty() ? new String[0] : wait.split(",")) {
                while (!Files.exists(Path.of(f)) && System.nanoTime() < waitDeadline) {
                    Thread.sleep(10);
                }
            }
        }
    }

    private static void subscribe(Aeron aeron, String channel, int stream, long count, String ready, String done,
            long idleMs) throws IOException {
        final long[] latencies = new long[(int) count];
        final long[] state = new long[4];  // received, first receipt, last receipt, order errors
        final long[] expected = {1};
        final FragmentHandler handler = new FragmentAssembler((buffer, offset, length, header) -> {
            final long now = System.nanoTime();
            final long sent = buffer.getLong(offset);
            final long seq = buffer.getLong(offset + 8);
            if (seq != expected[0]) {
                state[3]++;
            }
            expected[0] = seq + 1;
            if (state[0] < latencies.length) {
                latencies[(int) state[0]] = now - sent;
            }
            if (state[0] == 0) {
                state[1] = now;
            }
            state[2] = now;
            state[0]++;
        });
        try (Subscription sub = aeron.addSubscription(channel, stream)) {
            if (ready != null) {
                Files.writeString(Path.of(ready), "ready\n");
            }
            final BackoffIdleStrategy idle = new BackoffIdleStrategy();
            long lastWork = System.nanoTime();
            final long startDeadline = lastWork + 60_000_000_000L;
            while (state[0] < count) {
                final int n = sub.poll(handler, 256);
                final long now = System.nanoTime();
                if (n > 0) {
                    lastWork = now;
                } else if (state[0] > 0 ? now - lastWork > idleMs * 1_000_000L : now > startDeadline) {
                    break;  // the stream stopped short: report what arrived
                }
                idle.idle(n);
            }
        }
        final int got = (int) Math.min(state[0], count);
        final long[] lat = Arrays.copyOf(latencies, got);
        Arrays.sort(lat);
        double mean = 0;
        for (long v : lat) {
            mean += v;
        }
        mean = got > 0 ? mean / got : 0;
        System.out.printf("RESULT received %d first_ns %d last_ns %d p50_us %.1f p99_us %.1f mean_us %.1f "
                        + "order_errors %d%n", state[0], state[1], state[2], percentile(lat, 0.50) / 1e3,
                percentile(lat, 0.99) / 1e3, mean / 1e3, state[3]);
        System.out.flush();
        if (done != null) {
            Files.writeString(Path.of(done), "done\n");
        }
    }

    private static double percentile(long[] sorted, double q) {
        if (sorted.length == 0) {
            return 0;
        }
        final int i = (int) Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1);
        return sorted[Math.max(0, i)];
    }

    private static Map<String, String> options(String[] args) {
        final Map<String, String> o = new HashMap<>();
        for (int i = 1; i + 1 < args.length; i += 2) {
            if (!args[i].startsWith("--")) {
                usage();
            }
            o.put(args[i].substring(2), args[i + 1]);
        }
        return o;
    }

    private static void usage() {
        System.err.println("usage: AeronPeer pub|sub --dir AERON_DIR [--channel C] [--stream S] [--count N] "
                + "[--size BYTES] [--rate HZ] [--wait FILES --wait-ms MS] [--ready FILE --done FILE] [--idle-ms MS]");
        System.exit(2);
    }
}
