"""scenario_protocol.py: the protocol every Python runtime bridge speaks
(runtimes/bridge's package doc), shared by the langgraph-py and llmfy
bridges: stdout for the answers alone, the ready or fatal first line, one
JSON request and one answer a line, and the check that a value is JSON.
Importing it moves whatever else writes to stdout (a library's print) to
stderr, so a bridge imports it before its libraries."""

import sys

# stdout carries the protocol alone: whatever else writes to it (a print in
# a library) goes to stderr
_out = sys.stdout
sys.stdout = sys.stderr

import json  # noqa: E402
import math  # noqa: E402
from importlib.metadata import version as _version  # noqa: E402


def send(obj):
    try:
        text = json.dumps(obj, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError) as e:
        text = json.dumps({"id": obj.get("id"), "fatal": f"cannot write the answer as JSON: {e}"})
    _out.write(text + "\n")
    _out.flush()


def fatal(msg):
    send({"fatal": msg})
    sys.exit(3)


def need_python(runtime, minimum):
    """Stops the bridge with a fatal line when the interpreter is older
    than minimum, a (major, minor) pair."""
    if sys.version_info < minimum:
        fatal(f"{runtime} needs Python >= {minimum[0]}.{minimum[1]}; found {sys.version.split()[0]} at {sys.executable}")


def version_of(pkg):
    try:
        return _version(pkg)
    except Exception:  # noqa: BLE001
        return ""


def python_version():
    return sys.version.split()[0]


# ---- answers ----


class NonJSON(Exception):
    """A value that is not JSON where a node's return or the state must
    be: json.dumps would refuse it, or change it (a tuple key, nan)."""

    def __init__(self, path, what, hint):
        super().__init__(what)
        self.path = path
        self.what = what
        self.hint = hint

    def answer(self, prefix, why=None):
        message = f"{prefix} {self.what}, which is not a JSON value{f' ({why})' if why else ''}: {self.hint}"
        return {"code": "NON_JSON_VALUE", "message": message, "path": self.path}


HINTS = {
    "datetime": "use .isoformat()", "date": "use .isoformat()", "time": "use .isoformat()",
    "set": "use a list", "frozenset": "use a list", "bytes": "decode it to a str",
    "Decimal": "use a float or a str", "UUID": "use str(uuid)",
}


def check_json(v, path):
    """Raises NonJSON at the path of the first value in v that is not JSON."""
    if v is None or isinstance(v, (bool, str, int)):
        return
    if isinstance(v, float):
        if math.isfinite(v):
            return
        raise NonJSON(path, f"the float {v!r}", "write a finite number, or None")
    if isinstance(v, list):
        for i, x in enumerate(v):
            check_json(x, path + [i])
        return
    if isinstance(v, dict):
        for k, x in v.items():
            if not isinstance(k, str):
                raise NonJSON(path, f"a {type(k).__name__} key {k!r}", "use str keys")
            check_json(x, path + [k])
        return
    name = type(v).__name__
    hint = HINTS.get(name) or ("use .model_dump()" if hasattr(v, "model_dump") else "return dicts, lists, str, int, float, bool and None")
    raise NonJSON(path, f"a {name}", hint)


# ---- the loop ----


def serve(ready, handle):
    """Writes the ready line (what the bridge runs on, libraries first),
    then answers each request line with handle(request), an answer without
    its id; an exception of handle is the answer's fatal traceback. Exits
    when stdin closes."""
    send({"ready": ready})
    for line in sys.stdin:
        if not line.strip():
            continue
        rid = None
        try:
            req = json.loads(line)
            rid = req.get("id")
            answer = handle(req)
        except Exception:  # noqa: BLE001
            import traceback
            answer = {"fatal": traceback.format_exc()}
        send({"id": rid, **answer})
    sys.exit(0)
