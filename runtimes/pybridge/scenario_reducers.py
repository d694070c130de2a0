"""scenario_reducers.py: the reducers of SPEC section 5 as Python
functions (old, new) -> merged, shared by the Python runtime bridges; the
messages reducer is each framework's own, so a bridge adds it."""

import json
import math


class ReducerError(Exception):
    def __init__(self, code, field, message):
        super().__init__(message)
        self.code = code
        self.field = field


def json_type(v):
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "boolean"
    if isinstance(v, (int, float)):
        return "number"
    if isinstance(v, str):
        return "string"
    if isinstance(v, list):
        return "array"
    return "object"


def is_number(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def canon(v):
    return json.dumps(v, sort_keys=True, separators=(",", ":"))


def merge_patch(target, patch):
    if not isinstance(patch, dict):
        return patch
    out = dict(target) if isinstance(target, dict) else {}
    for k, v in patch.items():
        if v is None:
            out.pop(k, None)
        else:
            out[k] = merge_patch(out.get(k), v)
    return out


def reducer_for(field, spec, runtime):
    """The reducer spec of a field (replace, append, merge, merge-patch,
    sum, union, join(sep)); a None current value is the reducer's empty
    one. Any other spec is a ValueError naming the runtime."""
    def type_error(want, got):
        return ReducerError("REDUCER_TYPE_ERROR", field, f"field {json.dumps(field)} with reducer {spec} expects {want}, received {json_type(got)}")

    def as_list(cur):
        if cur is None:
            return []
        if not isinstance(cur, list):
            raise type_error("the current value to be an array", cur)
        return cur

    if spec == "replace":
        return lambda a, b: b
    if spec == "append":
        return lambda a, b: as_list(a) + (b if isinstance(b, list) else [b])
    if spec == "merge":
        def merge(a, b):
            if not isinstance(b, dict):
                raise type_error("an object", b)
            if a is not None and not isinstance(a, dict):
                raise type_error("the current value to be an object", a)
            return {**(a or {}), **b}
        return merge
    if spec == "merge-patch":
        return merge_patch
    if spec == "sum":
        def add(a, b):
            if not is_number(b):
                raise type_error("a number", b)
            if a is not None and not is_number(a):
                raise type_error("the current value to be a number", a)
            base = a or 0
            total = base + b
            # the harness's rules on what a runtime returns (SPEC section 2),
            # raised as the built-in engine words them
            if isinstance(total, float) and math.isinf(total):
                raise ReducerError("NON_JSON_VALUE", field, f"field {json.dumps(field)}: {json.dumps(base)} + {json.dumps(b)} overflows to infinity, which is not a JSON number")
            if float(total).is_integer() and abs(total) > 2**53 - 1:
                raise ReducerError("UNSAFE_INTEGER", field, f"field {json.dumps(field)}: {json.dumps(base)} + {json.dumps(b)} is outside ±(2^53−1) and loses precision in JavaScript runtimes")
            return total
        return add
    if spec == "union":
        def union(a, b):
            out = list(as_list(a))
            seen = {canon(x) for x in out}
            for v in b if isinstance(b, list) else [b]:
                k = canon(v)
                if k not in seen:
                    seen.add(k)
                    out.append(v)
            return out
        return union
    if spec.startswith("join(") and spec.endswith(")"):
        try:
            sep = json.loads(spec[5:-1])
        except ValueError:
            sep = None
        if not isinstance(sep, str):
            raise ValueError(f"field {json.dumps(field)}: cannot read the separator of {spec}")

        def join(a, b):
            if not isinstance(b, str):
                raise type_error("a string", b)
            if a is None:
                return b
            if not isinstance(a, str):
                raise type_error("the current value to be a string", a)
            return b if a == "" else a + sep + b
        return join
    raise ValueError(f"field {json.dumps(field)}: the reducer {spec} is not one {runtime} knows")
