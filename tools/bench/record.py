"""The JSON record of one `adamant bench` run: what ran (the model and its hash, the git revision,
the tools' versions, the exact commands) and where (OS, CPU, kernel), written beside the results
as DIR/runs/<UTC time>.json so that every number in a report can be traced to how it was made."""
import datetime
import hashlib
import json
import os
import platform
import subprocess


def _first_line(cmd):
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=30)
        return (out.stdout or out.stderr).strip().splitlines()[0]
    except (OSError, IndexError, subprocess.SubprocessError):
        return None


def _os_name():
    try:
        with open("/etc/os-release") as f:
            fields = dict(line.rstrip("\n").split("=", 1) for line in f if "=" in line)
        return fields.get("PRETTY_NAME", "").strip('"') or platform.system()
    except OSError:
        return platform.system()


def _cpu():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or None


def _git_revision(root):
    rev = _first_line(["git", "-C", root, "rev-parse", "HEAD"])
    dirty = subprocess.run(["git", "-C", root, "status", "--porcelain", "--untracked-files=no"],
                           capture_output=True, text=True).stdout.strip()
    return None if rev is None else rev + ("+modified" if dirty else "")


def sha256(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def machine(root):
    return {
        "git_revision": _git_revision(root),
        "os": _os_name(),
        "kernel": platform.release(),
        "cpu": _cpu(),
        "cpus": os.cpu_count(),
        "versions": {
            "adamant": os.environ.get("ADAMANT_VERSION_LINE"),
            "python": platform.python_version(),
            "cmake": _first_line(["cmake", "--version"]),
            "c++": _first_line(["c++", "--version"]),
        },
    }


def now():
    return datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def write(out_dir, record):
    runs = os.path.join(out_dir, "runs")
    os.makedirs(runs, exist_ok=True)
    path = os.path.join(runs, record["started"].replace(":", "") + f".{os.getpid()}.json")
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(record, f, indent=2)
        f.write("\n")
    os.replace(tmp, path)
    return path

