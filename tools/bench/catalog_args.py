"""The bench options that run a point over a catalog transport as the catalog states it.

    catalog_args.py CATALOG CONTRACT NAME

prints, one per line, the options of a generated native bench (--transport KIND and one option per
runtime parameter of the catalog's `maps to runtime KIND(name = value, ...)`) for the transport NAME
of the catalog file CATALOG (e.g. profiles/transports.adamant). A parameter's option is its name in
the runtime contract CONTRACT (runtime/contract/contract.json), found by any of its model names:
`timeout = auto` is `--nak-timeout auto`, `r = 8` is `--r 8`. `./adamant demo` runs the catalog's
transports at its point with them, so a transport is measured with its catalog parameters and not
with those of the experiment's own transport (a point's parameters survive a --transport override).
"""
import json
import re
import sys

MAPPING = re.compile(r"maps\s+to\s+runtime\s+(\w+)\s*(?:\(([^)]*)\))?")


def transport_body(text, name):
    """The text between `transport NAME {` and its closing brace, or None."""
    start = re.search(r"^\s*transport\s+" + re.escape(name) + r"\s*\{", text, re.MULTILINE)
    if not start:
        return None
    end = text.find("}", start.end())
    return text[start.end():end if end >= 0 else len(text)]


def option_names(contract):
    """Each model name of a runtime parameter -> the bench option that sets it."""
    names = {}
    for p in contract["parameters"]:
        for model_name in p.get("model_names", [p["name"]]):
            names[model_name] = "--" + p["name"].replace("_", "-")
    return names


def bench_args(catalog_text, contract, name):
    body = transport_body(catalog_text, name)
    if body is None:
        raise ValueError(f"the catalog has no transport '{name}'")
    m = MAPPING.search(body)
    if not m:
        raise ValueError(f"transport '{name}' maps to no runtime transport")
    args = ["--transport", m.group(1)]
    options = option_names(contract)
    for assignment in filter(None, (a.strip() for a in (m.group(2) or "").split(","))):
        param, _, value = (s.strip() for s in assignment.partition("="))
        if param not in options:
            raise ValueError(f"transport '{name}': '{param}' is not a runtime parameter of the contract")
        value = value.replace(" ", "")  # "50 ms" -> "50ms", as the bench parses durations
        args += [options[param]] if value == "true" else [options[param], value]
    return args


def main(argv):
    if len(argv) != 4:
        sys.stderr.write(__doc__)
        return 2
    with open(argv[1], encoding="utf-8") as f:
        catalog = f.read()
    with open(argv[2], encoding="utf-8") as f:
        contract = json.load(f)
    try:
        print("\n".join(bench_args(catalog, contract, argv[3])))
    except ValueError as e:
        sys.stderr.write(f"catalog_args: {e}\n")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
