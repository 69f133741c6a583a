"""The testbed realised on real hosts over ssh (as Emulab experiments are driven): every process
is started with ssh on the host the testbed file names. The hosts must already be joined as the
file says (the realisation shapes no link); end-host loss is nftables on each reader host, set
over ssh as root (or with sudo -n). The bench, its key file and the output folder must be at the
same path on every host (a shared file system, as Emulab's /proj)."""
import getpass
import shlex
import subprocess

import hostloss


class SshHosts:
    def __init__(self, testbed, key):
        self.testbed, self.key, self.name = testbed, key, "ssh"
        if any(h.link.bandwidth or h.link.queue_packets or h.link.delay_us is not None for h in testbed.hosts):
            raise RuntimeError("the ssh testbed shapes no link: remove link.bandwidth, queue_packets and delay "
                               "(shape the hosts' links as the site does, e.g. Emulab's delay nodes)")
        user = testbed.ssh.user or getpass.getuser()
        self.sudo = [] if user == "root" else ["sudo", "-n"]

    def start_schedules(self):
        pass  # the ssh testbed shapes no link (refused above), so no link changes

    def stop_schedules(self):
        pass

    def launcher(self, host):
        """ssh to `host`: the words of a command that runs one shell-quoted string there."""
        cmd = ["ssh", "-o", "BatchMode=yes"]
        if self.key:
            cmd += ["-i", self.key]
        for o in self.testbed.ssh.options:
            cmd += ["-o", o]
        dest = host.ssh or host.address
        return cmd + [f"{self.testbed.ssh.user}@{dest}" if self.testbed.ssh.user else dest]

    def popen(self, host, argv, **kw):
        return subprocess.Popen(self.launcher(host) + [shlex.join(argv)], **kw)

    def run(self, host, argv, stdin_text=None):
        return subprocess.run(self.launcher(host) + [shlex.join(argv)], input=stdin_text, capture_output=True,
                              text=True, timeout=60)

    def start_service(self, host, argv):
        raise RuntimeError("the ssh testbed starts no services: its hosts run their own")

    def set_loss(self, host, loss_pct):
        r = self.run(host, self.sudo + ["nft", "-f", "-"], hostloss.script(loss_pct))
        if r.returncode != 0:
            raise RuntimeError(f"nftables on {host.name} over ssh: {r.stderr.strip()}")

    def counters(self, host):
        r = self.run(host, self.sudo + hostloss.LIST)
        return hostloss.parse_counters(r.stdout) if r.returncode == 0 else (0, 0)

    def clear_loss(self, host):
        self.run(host, self.sudo + ["nft", "-f", "-"], hostloss.remove_script())

    def close(self):
        for h in self.testbed.readers():
            try:
                self.clear_loss(h)
            except subprocess.TimeoutExpired:
                pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
