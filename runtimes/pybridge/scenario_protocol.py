"""scenario_protocol.py: the protocol every Python runtime bridge speaks
(runtimes/bridge's package doc), shared by the langgraph-py and llmfy
bridges: stdout for the answers alone, the ready or fatal first line, one
JSON request and one answer a line, and the check that a value is JSON.

Importing it takes the protocol's pipes off file descriptors 0 and 1, so
a bridge imports it before its libraries: the requests are read from a
copy of fd 0 and the answers written to a copy of fd 1 (copies that no
child process inherits), while fd 0 becomes /dev/null and fd 1 a copy of
stderr. Whatever else writes to stdout (a library's or a node's print,
sys.__stdout__, os.write(1, ...), a subprocess) goes to stderr, and a node
that reads stdin (input(), sys.stdin) gets EOFError at once instead of
reading, and waiting for, the harness's next request."""

import io
import os
import sys

NO_STDIN = ("stdin is empty under the harness: a node cannot read input() or sys.stdin "
            "in a scenario; give it what it would read another way (the state, a fake)")


class _NoStdin(io.TextIOWrapper):
    """sys.stdin in a bridge: reading it raises EOFError saying why."""

    def __init__(self):
        super().__init__(open(os.devnull, "rb"), encoding="utf-8")

    def _refuse(self, *_args, **_kwargs):
        raise EOFError(NO_STDIN)

    read = readline = readlines = _refuse

    def __next__(self):
        raise EOFError(NO_STDIN)


def _take_pipes():
    """The protocol's reader and writer, on copies of fds 0 and 1 (not
    inheritable), with fd 0 now /dev/null and fd 1 stderr."""
    sys.stdout.flush()
    fin, fout = os.dup(0), os.dup(1)
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)
    os.dup2(2, 1)
    return os.fdopen(fin, "r", encoding="utf-8", newline="\n"), os.fdopen(fout, "w", encoding="utf-8", newline="\n")


_in, _out = _take_pipes()
sys.stdin = _NoStdin()
sys.stdout = sys.stderr

import json  # noqa: E402
import math  # noqa: E402
from importlib.metadata import version as _version  # noqa: E402


def pipes():
    """The descriptors of the protocol's reader and writer."""
    return _in.fileno(), _out.fileno()


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


def answer(req, specs, open_spec, commit, close_spec=None, more=None):
    """The answer to a request, by its op, from a bridge's own parts: specs
    (the open graphs by number), open_spec(spec) (what it raises is a
    RUNTIME_ERROR error), commit(spec, req), close_spec(number), and more,
    the other ops it answers by name (op(req)); any other op is fatal."""
    op = req.get("op")
    if op == "open":
        try:
            return open_spec(req.get("spec") or {})
        except Exception as e:  # noqa: BLE001
            return {"error": {"code": "RUNTIME_ERROR", "message": str(e)}}
    if op == "commit":
        spec = specs.get(req.get("graph"))
        if spec is None:
            return {"fatal": f"no graph {req.get('graph')} is open"}
        return commit(spec, req)
    if op == "close":
        if close_spec is not None:
            close_spec(req.get("graph"))
        return {}
    if more and op in more:
        return more[op](req)
    return {"fatal": f"unknown op {json.dumps(op)}"}


def serve(ready, handle):
    """Writes the ready line (what the bridge runs on, libraries first),
    then answers each request line with handle(request), an answer without
    its id; an exception of handle is the answer's fatal traceback. Exits
    when stdin closes."""
    send({"ready": ready})
    for line in _in:
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
