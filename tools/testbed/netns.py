"""The testbed realised on this machine with Mininet: each host in its own network namespace,
joined by a veth link to one Linux bridge (Mininet's LinuxBridge, no controller) that itself sits
in a namespace of its own, so nothing of the testbed is in this machine's namespace and multicast
never leaves it. A link with a delay has a delay node between the host and the bridge (delaynode.py). Needs root and Debian's mininet and bridge-utils (Debian's python3 imports it)."""
import contextlib
import os
import signal
import subprocess
import sys
import threading
import time

import delaynode
import hostloss
import linkschedule

try:
    from mininet.log import setLogLevel
    from mininet.net import Mininet
    from mininet.nodelib import LinuxBridge
except ImportError as e:  # the realisation says what is missing when it is asked for
    Mininet = None
    _IMPORT_ERROR = e

MTU = 1500


def _prefix():
    """A name prefix unique on this machine (Mininet's nodes and veths are named after it): 't'
    and this process's id in base 36, so several testbeds (and helpers) never collide."""
    n, digits = os.getpid(), ""
    while n:
        n, d = divmod(n, 36)
        digits = "0123456789abcdefghijklmnopqrstuvwxyz"[d] + digits
    return "t" + digits


def tbf_burst(bandwidth):
    """The token bucket's depth in bytes on a link of `bandwidth` B/s: what passes at once."""
    return max(2 * MTU, bandwidth // 100)


def _tbf(bandwidth, queue_packets):
    """tc tbf's parameters for a link of `bandwidth` B/s with `queue_packets` of queue."""
    return f"tbf rate {bandwidth * 8}bit burst {tbf_burst(bandwidth)} limit {(queue_packets or 100) * MTU}"


def _shape(node, intf, link):
    """tc on `intf` of `node`: tbf at the link's bandwidth with queue_packets of queue, or only a
    packet queue of that depth (netem is not on every machine: a delay node delays the link)."""
    if link.bandwidth:
        out = node.cmd(f"tc qdisc replace dev {intf} root {_tbf(link.bandwidth, link.queue_packets)}; echo rc=$?")
    elif link.queue_packets:
        out = node.cmd(f"tc qdisc replace dev {intf} root pfifo limit {link.queue_packets}; echo rc=$?")
    else:
        return
    if "rc=0" not in out:
        raise RuntimeError(f"tc on {intf}: {out.strip()}")


def _wait_forwarding(switch, n_ports, intfs, timeout_s=15):
    """Waits until every link has carrier at both ends and every bridge port forwards: a veth
    comes up some time after it is made, and a datagram sent before is lost without a trace."""
    deadline = time.monotonic() + timeout_s
    while True:
        ports = switch.cmd("bridge link").strip().splitlines()
        ready = len(ports) == n_ports and all("state forwarding" in p and "NO-CARRIER" not in p for p in ports)
        ready = ready and all("NO-CARRIER" not in node.cmd(f"ip link show dev {intf}") for node, intf in intfs)
        if ready:
            return
        if time.monotonic() > deadline:
            raise RuntimeError(f"the testbed's links did not come up within {timeout_s} s: {' | '.join(ports)}")
        time.sleep(0.1)


@contextlib.contextmanager
def _signals_deferred():
    """SIGINT and SIGTERM wait until the block has run (then raise KeyboardInterrupt): a second
    Ctrl-C, or the driver's SIGTERM after the terminal's SIGINT, must not cut a teardown short."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    got = []
    old = {s: signal.signal(s, lambda signum, frame: got.append(signum)) for s in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for s, handler in old.items():
            signal.signal(s, handler if handler is not None else signal.SIG_DFL)
        if got:
            raise KeyboardInterrupt


class Namespaces:
    """A realised testbed; close() (or leaving the `with`) removes every namespace and link."""

    def __init__(self, testbed):
        if Mininet is None:
            raise RuntimeError(f"the namespaces testbed needs Mininet (Debian: mininet, bridge-utils): {_IMPORT_ERROR}")
        if os.geteuid() != 0:
            raise RuntimeError("the namespaces testbed needs root (network namespaces, veth links, nftables)")
        setLogLevel("error")
        self.testbed, self.nodes, self.services, self.schedules, self.delay_nodes = testbed, {}, [], [], []
        self._shaped = []  # (host, [(namespace pid, interface)...]) of each link with a schedule
        p = self.name = _prefix()  # Mininet names each host's shell `mininet:<name>h<index>`
        self.net = Mininet(controller=None, build=False, waitConnected=False, autoSetMacs=False)
        try:
            switch = self.net.addSwitch(p + "s", cls=LinuxBridge, inNamespace=True, dpid="1")
            links = []  # (host, its node, its interface, the switch's port, its delay node or None)
            for i, h in enumerate(testbed.hosts):  # named by index: an interface name has 15 characters at most
                node = self.net.addHost(f"{p}h{i}", ip=f"{h.address}/15")
                if h.link.delay_us is None:
                    link = self.net.addLink(node, switch)
                    links.append((h, node, link.intf1.name, link.intf2.name, None))
                else:  # host -veth- delay node -veth- switch; the delay node has no address
                    dnode = self.net.addHost(f"{p}d{i}", ip=None)
                    inner, outer = self.net.addLink(node, dnode), self.net.addLink(dnode, switch)
                    links.append((h, node, inner.intf1.name, outer.intf2.name, (dnode, inner.intf2.name, outer.intf1.name)))
                self.nodes[h.name] = node
            self.net.build()
            self.net.start()
            # flood multicast to every port: no IGMP querier runs on the testbed
            out = switch.cmd(f"ip link set dev {switch.name} type bridge mcast_snooping 0; echo rc=$?")
            if "rc=0" not in out:
                raise RuntimeError(f"multicast flooding on the switch: {out.strip()}")
            carriers = []  # (node, interface) that must have carrier before the testbed is used
            for h, node, intf, port, delay in links:
                out = node.cmd(f"ip route add 224.0.0.0/4 dev {intf}; echo rc=$?")
                if "rc=0" not in out:
                    raise RuntimeError(f"multicast route on {h.name}: {out.strip()}")
                ends = [(node, intf)]  # the host's end shapes what it sends, the switch's what it receives
                if h.link.direction == "both":
                    ends.append((switch, port))
                for end, end_intf in ends:
                    _shape(end, end_intf, h.link)
                if h.link.schedule:
                    self._shaped.append((h, [(end.pid, end_intf) for end, end_intf in ends]))
                carriers.append((node, intf))
                if delay:
                    dnode, left, right = delay
                    out = dnode.cmd(f"ip link set dev {left} up && ip link set dev {right} up; echo rc=$?")
                    if "rc=0" not in out:
                        raise RuntimeError(f"the delay node of {h.name}: {out.strip()}")
                    self.delay_nodes.append(delaynode.DelayNode(h.name, dnode.pid, left, right, h.link.delay_us))
                    carriers += [(dnode, left), (dnode, right)]
            _wait_forwarding(switch, len(links), carriers)
        except Exception as e:
            self.close()
            raise RuntimeError(f"making the namespaces testbed failed: {e}") from e
        except BaseException:
            self.close()
            raise

    def start_schedules(self):
        """Starts every changing link's schedule (call it as the run starts: its phases count from here)."""
        for h, ends in self._shaped:
            def change(bandwidth, ends=ends, h=h):
                for pid, intf in ends:
                    r = subprocess.run(["mnexec", "-a", str(pid), "tc", "qdisc", "change", "dev", intf, "root"]
                                       + _tbf(bandwidth, h.link.queue_packets).split(), capture_output=True, text=True)
                    if r.returncode != 0:
                        raise RuntimeError(f"tc qdisc change on {intf}: {r.stderr.strip()}")
            s = linkschedule.LinkSchedule(h.name, h.link.schedule, change)
            s.start()
            self.schedules.append(s)

    def stop_schedules(self):
        """Stops the schedules; raises RuntimeError when one failed to change its link."""
        schedules, self.schedules = self.schedules, []
        failures = []
        for s in schedules:
            try:
                s.stop()
            except RuntimeError as e:
                failures.append(str(e))
        if failures:
            raise RuntimeError("; ".join(failures))

    def launcher(self, host):
        """The command that runs a program inside `host`'s namespace."""
        return ["mnexec", "-a", str(self.nodes[host.name].pid)]

    def popen(self, host, argv, **kw):
        return subprocess.Popen(self.launcher(host) + list(argv), **kw)

    def run(self, host, argv, stdin_text=None):
        return subprocess.run(self.launcher(host) + list(argv), input=stdin_text, capture_output=True, text=True)

    def start_service(self, host, argv):
        """A background process on `host` (e.g. sshd) that close() stops."""
        self.services.append(self.popen(host, argv, stdin=subprocess.DEVNULL))

    def set_loss(self, host, loss_pct):
        r = self.run(host, ["nft", "-f", "-"], hostloss.script(loss_pct))
        if r.returncode != 0:
            raise RuntimeError(f"nftables on {host.name}: {r.stderr.strip()}")

    def counters(self, host):
        r = self.run(host, hostloss.LIST)
        return hostloss.parse_counters(r.stdout) if r.returncode == 0 else (0, 0)

    def close(self):
        with _signals_deferred():
            self._close()

    def _close(self):
        try:
            self.stop_schedules()
        except RuntimeError:
            pass  # the run that started them reports their failure (stop_schedules before close)
        for s in self.services:
            s.terminate()
        for s in self.services:
            try:
                s.wait(timeout=5)
            except subprocess.TimeoutExpired:
                s.kill()
                s.wait()
        self.services = []
        for d in self.delay_nodes:  # before the namespaces go: a running node would keep its own
            for line in d.stop():
                print(f"adamant testbed: delay node of {d.host_name}: {line.removeprefix('ant-delay-node: ')}",
                      file=sys.stderr)
        self.delay_nodes = []
        if self.net is not None:
            self.net.stop()  # ends each host's shell: its namespace and its end of every link go
            self.net = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
