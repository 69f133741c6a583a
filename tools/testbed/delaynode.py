"""A link's one-way delay on the namespaces testbed, as Emulab's delay nodes give it: a node of its
own between the host and the switch (host -veth- delay node -veth- switch) that runs the runtime's
ant-delay-node, which forwards every frame to the other side after the delay (this kernel may
lack netem). Its summary on stop (frames forwarded and dropped, how late it sent them) goes to the
testbed's log, so the error it adds is known."""
import os
import select
import shutil
import subprocess
import time

# In flight each way before tail drop: a 100 Mbit/s link's 10 ms of full frames, many more small ones.
LIMIT_PACKETS = 10000
_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def binary():
    """ant-delay-node: $ADAMANT_DELAY_NODE, else the runtime ./adamant installs, else on PATH."""
    for path in (os.environ.get("ADAMANT_DELAY_NODE"), os.path.join(_ROOT, ".adamant/runtime/bin/ant-delay-node"),
                 shutil.which("ant-delay-node")):
        if path and os.access(path, os.X_OK):
            return path
    raise RuntimeError("a link with a delay needs ant-delay-node: build the runtime (./adamant build installs it "
                       "in .adamant/runtime/bin) or name it in ADAMANT_DELAY_NODE")


class DelayNode:
    """ant-delay-node running in the namespace of process `pid`, joining `left` and `right`."""

    def __init__(self, host_name, pid, left, right, delay_us, timeout_s=10):
        self.host_name = host_name
        argv = [binary(), "--left", left, "--right", right, "--delay", f"{delay_us}us",
                "--limit-packets", str(LIMIT_PACKETS)]
        self.proc = subprocess.Popen(["mnexec", "-a", str(pid)] + argv, stdin=subprocess.DEVNULL,
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.lines = []
        deadline = time.monotonic() + timeout_s
        while not any("forwarding" in line for line in self.lines):  # its first line: it forwards
            if not select.select([self.proc.stdout], [], [], max(0.0, deadline - time.monotonic()))[0]:
                self.stop()
                raise RuntimeError(f"the delay node of {host_name} did not start within {timeout_s} s")
            line = self.proc.stdout.readline()
            if not line:
                self.stop()
                raise RuntimeError(f"the delay node of {host_name} failed: {' '.join(self.lines).strip()}")
            self.lines.append(line)

    def stop(self):
        """Stops the node; its output (the summary on SIGTERM) as lines."""
        if self.proc.poll() is None:
            self.proc.terminate()
        try:
            out, _ = self.proc.communicate(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            out, _ = self.proc.communicate()
        self.lines += (out or "").splitlines(keepends=True)
        return [line.rstrip("\n") for line in self.lines]
