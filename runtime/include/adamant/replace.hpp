// Mockets-style message transport with tag replacement (sans-IO). One sender serves N
// receivers. TransportKind::Replace and TransportKind::Fifo (the same sender with
// replacement switched off, the contrast case).
//
// Receivers (connections)
// - A MSG is multicast once to the group; every receiver ACKs it to the sender. The sender
//   learns a receiver (its endpoint) from its first ACK and keeps a connection for it: the
//   messages it has not acknowledged yet (with its own retransmission count and time), its
//   RTT estimate and RTO, and statistics (receiver_stats()).
// - A reliable message stays in flight until every known receiver acknowledged it and at
//   least `min_receivers` receivers are known; while fewer are known it is retransmitted to
//   the group every RTO, so a receiver that missed it before its first ACK still gets it.
//   A receiver learnt later owes the in-flight messages above its cumulative ACK; messages
//   completed before it was known are skipped for it (the MSG's low water tells it).
// - Retransmission: per receiver after its RTO; when two or more receivers (or an unknown
//   one) are due for the same message it is multicast once, otherwise unicast to the one.
// - A receiver that did not ACK anything since a message was first sent, when that message
//   reaches the retry timeout, is dropped (it left); it is learnt again from a new ACK.
// - Pacing is one token bucket over everything the sender emits (multicast and unicast
//   retransmissions): the link bandwidth is shared by all receivers.
// - Bandwidth estimation (`estimate_bandwidth`; off = the fixed pace `pace_bytes_per_s`):
//   the pace follows the link, measured from the acknowledgements (Mockets' network
//   condition monitoring reports the available bandwidth; this is how ADAMANT measures it).
//   Every reliable message sent once to a known receiver is a delivery-rate sample when that
//   receiver acknowledges it (also after replace/cancel dropped it in flight): the bytes the
//   receiver acknowledged since the reference message (the one it had acknowledged last when
//   this one was sent), over the longer of the send interval and the ACK interval between the
//   two (DeliverySample); a message sent to a receiver that owed nothing is its own reference
//   (one datagram over its round trip: a lower bound, never a limited sample). A sample saw
//   the path limit the rate when its ACK interval exceeds
//   its send interval (by 1/8 + 1 ms: a queue grew) or fewer bytes arrived than were sent to
//   that receiver in between (by more than 1/8: a full queue dropped them); it measures the
//   bottleneck. A sample above the estimate raises it to the sample (it cannot exceed what was
//   sent); one below moves it halfway down when the path limited it or when the sender was
//   sending all it could (messages waited behind this one, not in a draining round); a low
//   sample of an app-limited message just means the sender had less to send. The sender's
//   estimate is the lowest of its receivers' (one multicast serves them all). The pace is
//   the estimate times a gain cycling 5/4, 3/4, 1, 1 per round (the slowest receiver's
//   smoothed RTT, at least `bwe_min_round`): the 5/4 round probes for more bandwidth, the 3/4
//   round drains what the probe queued. It starts at `pace_bytes_per_s` (0:
//   `bwe_initial_bytes_per_s`) and stays within [bwe_min, bwe_max]. A new message waits
//   while a receiver has more than `bwe_inflight_gain` x its estimate x its least round trip
//   (within `bwe_min_rtt_window`) in flight, one datagram at least, so a link that slowed
//   down keeps no standing queue; the idle receiver's sample of a message that waited for
//   that bound measures the path (it may lower the estimate).
//
// Sender
// - Messages carry a tag, a class (reliable/unreliable × sequenced/unsequenced) and a
//   priority. They wait in ADAMANT's own queue, ordered by priority (higher first); among
//   equal priorities Replace serves the tags round-robin (the tag sent least recently first,
//   its oldest message), so streams of equal priority share the link; Fifo sends by message
//   id (every message in order). The queue drains through a token bucket paced to the configured
//   bandwidth (`pace_bytes_per_s`, whole datagrams; 0 = unpaced), so messages wait here —
//   where replacement can act — instead of in the network's queue. The bucket holds at most
//   `pace_burst_bytes` (default 0): a message is chosen when the datagrams before it have
//   left at the pace, so it is the newest of its tag when the link can take it.
// - replace(tag, msg) (Replace only; publish_tagged() does the same): cancels every queued
//   and every sent-but-unacknowledged older message with that tag (the latter are never
//   retransmitted), then enqueues the new one. cancel(tag) cancels without a new one.
// - Reliable messages are retransmitted after an RTO (per receiver: Jacobson/Karn estimate
//   from ACKs of once-sent messages, srtt + max(rto_margin, 4 rttvar) clamped to
//   [min_rto, max_rto]: a constant round trip is never retransmitted) until acknowledged by
//   every receiver, cancelled, or `retry_timeout` after their first transmission (abandoned).
// - A queued message that waited longer than `enqueue_timeout` (0 = forever) is dropped.
// Receiver
// - ACKs every MSG at once: cumulative id (advanced past ids the sender no longer needs,
//   from the MSG's low water) + selective ranges above it, the oldest first, as many as
//   keep the ACK within the MSG's size ((40 + body) / 16, 4..64 ranges: the ACKs of a deep
//   backlog must not crowd out the data on a link they share). When more do not fit, the
//   last range is the one holding this MSG's id (a queued low-priority message or a lost
//   one holds the low water back while newer ids arrive: each is still acknowledged).
// - Flow sequences (per class) are numbered at a message's first transmission (its id at
//   enqueue), so flow order is sending order and never waits for a message still queued.
// - Unsequenced classes deliver on arrival, each message once (duplicates dropped), also
//   after a newer message of its tag (out of order is what unsequenced allows). Unreliable sequenced
//   delivers only messages newer (flow sequence) than the last delivered of its class.
//   Reliable sequenced delivers in flow order, skipping flow sequences below the MSG's
//   `flow low` (cancelled / abandoned on the sender); a message waits only for its
//   `flow prev` (the newest older message the sender still meant to deliver). A message older than one already
//   delivered with the same tag is dropped as obsolete (stats: obsolete; sequenced classes).
//
// Files: engine/replace_sender.hpp (sender, connections, pacing), engine/replace_receiver.hpp,
// engine/ack_ranges.hpp (the ACK's selective ranges), engine/bandwidth_estimate.hpp,
// engine/replace_common.hpp (message class, flows, per-tag counts).
#pragma once

#include <adamant/engine.hpp>
#include <adamant/engine/ack_ranges.hpp>
#include <adamant/engine/bandwidth_estimate.hpp>
#include <adamant/engine/replace_receiver.hpp>
#include <adamant/engine/replace_sender.hpp>
