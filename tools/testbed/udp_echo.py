#!/usr/bin/python3
"""A UDP echo to measure a testbed's round trip between two hosts (the hosts have no ping):

  udp_echo.py server                      echoes every datagram on port 7007
  udp_echo.py client ADDR [COUNT] [GAP_MS]
      COUNT (60) 32-byte datagrams GAP_MS (5) apart to ADDR's echo; prints the round trips as
      `rtt_us p50 P min M p90 Q n N` (N answered within 0.5 s each), `rtt_us none` if none was"""
import socket
import statistics
import sys
import time

PORT = 7007


def serve():
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.bind(("0.0.0.0", PORT))
    while True:
        data, peer = s.recvfrom(2048)
        s.sendto(data, peer)


def measure(address, count, gap_s):
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.settimeout(0.5)
    rtts = []
    for i in range(count):
        t = time.monotonic_ns()
        s.sendto(i.to_bytes(4, "big") + bytes(28), (address, PORT))
        try:
            while int.from_bytes(s.recv(2048)[:4], "big") != i:  # a late answer to an earlier one
                pass
            rtts.append((time.monotonic_ns() - t) / 1000)
        except socket.timeout:
            pass
        time.sleep(gap_s)
    if not rtts:
        return "rtt_us none"
    rtts.sort()
    return (f"rtt_us p50 {statistics.median(rtts):.0f} min {rtts[0]:.0f} p90 {rtts[int(0.9 * (len(rtts) - 1))]:.0f} "
            f"n {len(rtts)}")


if __name__ == "__main__":
    if sys.argv[1:2] == ["server"]:
        serve()
    elif sys.argv[1:2] == ["client"] and len(sys.argv) >= 3:
        print(measure(sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 60,
                      (float(sys.argv[4]) if len(sys.argv) > 4 else 5) / 1000))
    else:
        sys.exit(__doc__)
