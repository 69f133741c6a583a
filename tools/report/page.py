"""The report as one self-contained HTML page: every chart's SVG inline, the table behind it, and
the records of the runs (machine, versions, commands). Nothing is fetched when it is viewed."""
import html
import json

STYLE = """
body { font-family: sans-serif; margin: 1.5em auto; max-width: 1200px; color: #222; }
h1 { font-size: 1.5em; } h2 { font-size: 1.25em; border-bottom: 1px solid #ccc; margin-top: 2em; }
h3 { font-size: 1.05em; margin-top: 1.5em; }
figure { margin: 0.5em 0; overflow-x: auto; } figure svg { max-width: 100%; height: auto; }
table { border-collapse: collapse; font-size: 0.8em; margin: 0.5em 0; }
th, td { border: 1px solid #ccc; padding: 2px 6px; text-align: right; } th { background: #f3f3f3; }
td:nth-child(-n+2) { text-align: left; }
details { margin: 0.3em 0 1em; } summary { cursor: pointer; color: #345; }
pre { font-size: 0.75em; background: #f7f7f7; padding: 0.5em; overflow-x: auto; }
"""


def _table(columns, rows):
    head = "".join(f"<th>{html.escape(str(c))}</th>" for c in columns)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(v))}</td>" for v in r) + "</tr>" for r in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _record(rec):
    m = rec.get("machine", {})
    facts = [("started", rec.get("started")), ("finished", rec.get("finished")), ("mode", rec.get("mode")),
             ("jobs", rec.get("jobs")), ("model", rec.get("model")), ("model sha256", rec.get("model_sha256")),
             ("git revision", m.get("git_revision")), ("OS", m.get("os")), ("kernel", m.get("kernel")),
             ("CPU", f"{m.get('cpu')} ({m.get('cpus')} cores)"),
             ("versions", ", ".join(f"{k} {v}" for k, v in (m.get("versions") or {}).items() if v)),
             ("points", f"{len(rec.get('commands', []))} run, {rec.get('points_skipped', 0)} skipped, "
                        f"{len(rec.get('failed', []))} failed" + (" (interrupted)" if rec.get("interrupted") else ""))]
    steps = "\n".join(rec.get("steps", []))
    commands = "\n".join(" ".join(c) for c in rec.get("commands", []))
    return (_table(["", ""], [(k, v if v is not None else "") for k, v in facts])
            + f"<details><summary>exact commands ({len(rec.get('commands', []))} points)</summary>"
            f"<pre>{html.escape(steps)}\n{html.escape(commands)}</pre></details>"
            + f"<details><summary>the record as JSON</summary><pre>{html.escape(json.dumps(rec, indent=1))}</pre>"
            "</details>")


def render(title, sections, records):
    """sections: [(experiment name, source, [Chart])]."""
    parts = [f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>{html.escape(title)}</title>"
             f"<style>{STYLE}</style></head><body><h1>{html.escape(title)}</h1>"]
    parts.append("<p>Each chart is a set of small multiples, one panel per point (or per combination of the "
                  "axes not drawn); bars and lines are means over runs with their 95 % confidence interval; "
                  "latency spread is shown as percentiles. The table behind each chart follows it.</p><ul>")
    for name, _, charts in sections:
        parts.append(f"<li><a href='#{html.escape(name)}'>{html.escape(name)}</a>: "
                     + ", ".join(html.escape(c.title) for c in charts) + "</li>")
    parts.append("</ul>")
    for name, source, charts in sections:
        parts.append(f"<h2 id='{html.escape(name)}'>Experiment {html.escape(name)}</h2>"
                     f"<p>results: {html.escape(source)}</p>")
        for chart in charts:
            parts.append(f"<h3>{html.escape(chart.title)}</h3>")
            for svg in chart.svgs:
                parts.append(f"<figure class='chart'>{svg}</figure>")
            parts.append(f"<details class='data' open><summary>table ({len(chart.rows)} rows)</summary>"
                         f"{_table(chart.columns, chart.rows)}</details>")
    if records:
        parts.append("<h2 id='runs'>Runs</h2>")
        for rec in records:
            parts.append(f"<h3>run of {html.escape(str(rec.get('started')))}</h3>" + _record(rec))
    parts.append("</body></html>")
    return "\n".join(parts)
