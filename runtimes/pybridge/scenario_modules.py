"""scenario_modules.py: the suite's own Python modules, as every Python
bridge loads them (a scenario's own graph or flow, "<module>:<attribute>").

Each load executes the module and the suite's modules it imports afresh,
so that a scenario sees the module-level state (a list a node pops, a fake
model's answers) as the module makes it, not as another scenario left it;
third-party modules stay loaded. Process puts back what the suite's code
changes in the bridge's process (the working directory, the environment).
"""

import importlib
import importlib.machinery
import importlib.util
import os
import site
import sys
import sysconfig


class LoadError(Exception):
    """A graph the bridge cannot load, said plainly."""


# the suite root: the directory the bridge starts in, on sys.path after
# the bridge's own directory (a suite's file never stands for a bridge's
# module) and before the packages; a node's os.chdir() does not move it
# (the process is put back there after each request)
ROOT = os.path.abspath(os.getcwd())
HERE = os.path.dirname(os.path.abspath(__file__))
if ROOT not in sys.path:
    sys.path.insert(1 if sys.path and os.path.abspath(sys.path[0] or ".") == HERE else 0, ROOT)
# what is not the suite's own code although it may lie under the root (a
# .venv at the root, a suite in /usr/src/app on a python in /usr): the
# standard library's and the packages' directories, and the bridge's
NOT_USERS = tuple({os.path.join(os.path.abspath(p), "") for p in [
    *(sysconfig.get_paths().get(k) for k in ("stdlib", "platstdlib", "purelib", "platlib")),
    *site.getsitepackages(), site.getusersitepackages(), HERE,
] if p})


def is_users(path):
    """Whether a file or directory is the suite's own code: under the
    root, outside the interpreter and its packages."""
    if not isinstance(path, str) or not path:
        return False
    path = os.path.abspath(path)
    if not path.startswith(ROOT + os.sep) or path.startswith(NOT_USERS):
        return False
    parts = path.split(os.sep)
    return "site-packages" not in parts and "dist-packages" not in parts and ".venv" not in parts


def users_module(mod):
    """Whether a loaded module is the suite's own: its file, or a
    namespace package's directories, under the suite root."""
    f = getattr(mod, "__file__", None)
    if f:
        return is_users(f)
    try:
        # a namespace package's path is read from its parent's
        where = list(getattr(getattr(mod, "__spec__", None), "submodule_search_locations", None) or [])
    except Exception:  # noqa: BLE001
        return False
    return bool(where) and all(is_users(p) for p in where)


# the modules of sys.modules found not to be the suite's, by name: each is
# looked at once
not_users = {}


def forget_users_modules():
    """Drops the suite's own modules from sys.modules, so that the next
    import executes them afresh; third-party modules stay loaded."""
    users = []
    for name, mod in list(sys.modules.items()):
        if not_users.get(name) is mod:
            continue
        if users_module(mod):
            users.append(name)
        else:
            not_users[name] = mod
    for name in users:
        sys.modules.pop(name, None)


# the suite's own modules' code by file and source text: each scenario
# executes them afresh, from code compiled once per text (as a .pyc would
# give it, where no bytecode is written: PYTHONDONTWRITEBYTECODE)
_code = {}
_keep_code = 256
_source_to_code = importlib.machinery.SourceFileLoader.source_to_code


def _compiled_once(self, data, path, **kwargs):
    if kwargs or not is_users(path):
        return _source_to_code(self, data, path, **kwargs)
    key = (path, bytes(data))
    code = _code.get(key)
    if code is None:
        code = _source_to_code(self, data, path)
        if len(_code) >= _keep_code:
            _code.pop(next(iter(_code)))
        _code[key] = code
    return code


importlib.machinery.SourceFileLoader.source_to_code = _compiled_once


def user_frame(e):
    """The last frame of an error's traceback in the suite's own code
    (under the root, outside the interpreter and its packages), as
    file:line, or ""."""
    found = ""
    tb = e.__traceback__
    while tb is not None:
        f = tb.tb_frame.f_code.co_filename
        if is_users(f):
            found = f"{os.path.relpath(f, ROOT)}:{tb.tb_lineno}"
        tb = tb.tb_next
    return found


def import_attribute(ref, what):
    """The attribute "<module>:<attribute>" of a file relative to the
    suite root (agent/graph.py) or a dotted module importable from it
    (agent.graph), its module and the suite's modules it imports executed
    afresh; what names the attribute in an error ("graph", "flow")."""
    module, sep, attr = ref.rpartition(":")
    if not sep or not module or not attr:
        raise LoadError(f"{ref} names no {what}: write <module>:<attribute>, as agent/{what}.py:{what} or agent.{what}:{what}")
    root = ROOT
    forget_users_modules()
    try:
        if module.endswith(".py"):
            path = os.path.join(root, module)
            if not os.path.isfile(path):
                raise LoadError(f"{module} is not a file under the suite root {root}")
            name = os.path.splitext(os.path.relpath(path, root))[0].replace(os.sep, ".")
            spec = importlib.util.spec_from_file_location(name, path)
            mod = importlib.util.module_from_spec(spec)
            sys.modules[name] = mod
            spec.loader.exec_module(mod)
        else:
            mod = importlib.import_module(module)
    except LoadError:
        raise
    except SyntaxError as e:
        raise LoadError(f"{module} does not import: SyntaxError: {e.msg} (at {os.path.relpath(os.path.join(root, e.filename or module), root)}:{e.lineno})") from e
    except Exception as e:  # noqa: BLE001
        at = user_frame(e)
        raise LoadError(f"{module} does not import: {type(e).__name__}: {e}{f' (at {at})' if at else ''}") from e
    if not hasattr(mod, attr):
        raise LoadError(f"{module} has no attribute {attr}")
    return getattr(mod, attr)


class Process:
    """What the suite's code may change in the bridge's process and a
    request puts back: the working directory (the suite root) and the
    environment. The environment a graph's module leaves when it loads
    (os.environ.setdefault("OPENAI_API_KEY", ...)) is that graph's: its
    commits run in it."""

    base = dict(os.environ)

    @staticmethod
    def enter(env):
        """Runs what follows at the root in env (a graph's environment,
        or the bridge's)."""
        Process.leave()
        Process.set_env(env)

    @staticmethod
    def leave():
        """Puts the working directory and the environment back."""
        try:
            moved = os.getcwd() != ROOT
        except OSError:
            # the node removed the directory it moved to
            moved = True
        if moved:
            os.chdir(ROOT)
        Process.set_env(Process.base)

    # the last few environments set_env made, each with its variables as
    # os.environ holds them (bytes, in its _data on CPython): an
    # environment left as it was is told by one comparison of dicts, where
    # reading os.environ decodes every variable
    _encoded = []

    @staticmethod
    def _as_held(env):
        """env's variables as os.environ holds them, or None."""
        for e, held in Process._encoded:
            if e is env:
                return held
        try:
            held = {os.environ.encodekey(k): os.environ.encodevalue(v) for k, v in env.items()}
        except (AttributeError, TypeError, ValueError):
            return None
        Process._encoded = [(env, held)] + Process._encoded[:7]
        return held

    @staticmethod
    def set_env(env):
        """Makes os.environ env."""
        data = getattr(os.environ, "_data", None)
        if isinstance(data, dict) and data == Process._as_held(env):
            return
        for k in [k for k in os.environ if k not in env]:
            del os.environ[k]
        for k, v in env.items():
            if os.environ.get(k) != v:
                os.environ[k] = v
