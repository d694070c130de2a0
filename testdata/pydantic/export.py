"""export.py writes the JSON Schema that the real Pydantic v2 emits for
typical agent states: the harness's JSON Schema reader is tested on these
files, so they must be what model_json_schema() gives, not what we think it
gives. engine's TestPydanticSchemasAreCurrent reruns this script and compares.

    .venv/bin/python testdata/pydantic/export.py [dir]   (default: scenarios/schemas/pydantic)

Pydantic and langchain-core come from the repository's .venv
(runtimes/langgraphpy/requirements.txt pins them).
"""

import json
import operator
import sys
from enum import Enum
from pathlib import Path
from typing import Annotated, Any, Literal, Optional

from langchain_core.messages import AnyMessage
from langgraph.graph.message import add_messages
from pydantic import BaseModel, Field, TypeAdapter
from typing_extensions import TypedDict


def reducer(name: str) -> Any:
    """The field's reducer as the harness reads it: x-reducer in the schema."""
    return Field(json_schema_extra={"x-reducer": name})


class Status(str, Enum):
    idle = "idle"
    thinking = "thinking"
    done = "done"


class Task(BaseModel):
    id: str
    title: str


class AgentState(BaseModel):
    """A small state: an Enum behind a $ref, Optional fields, a readonly field."""

    messages: Annotated[list[dict[str, Any]], reducer("messages")] = []
    did: Annotated[str, Field(json_schema_extra={"readOnly": True})]
    status: Status = Status.idle
    last_error: Optional[str] = None
    active_task: Optional[Task] = None
    context: Annotated[dict[str, Any], reducer("merge")] = {}
    turns: Annotated[int, reducer("sum")] = 0


class Customer(BaseModel):
    id: str
    tier: Literal["free", "pro", "enterprise"] = "free"
    email: Optional[str] = None


class ToolUse(BaseModel):
    name: str
    args: dict[str, Any] = {}


class SupportState(BaseModel):
    """A LangGraph support agent's state as a team writes it: langchain-core
    messages with add_messages, operator.add lists and counters, a Literal
    status, a nested model, Optional fields, a dict and defaults, each
    reducer also said in x-reducer."""

    messages: Annotated[list[AnyMessage], reducer("messages"), add_messages] = []
    status: Literal["open", "waiting_on_customer", "escalated", "closed"] = "open"
    customer: Optional[Customer] = None
    notes: Annotated[list[str], reducer("append"), operator.add] = []
    tool_calls: Annotated[list[ToolUse], reducer("append"), operator.add] = []
    turns: Annotated[int, reducer("sum"), operator.add] = 0
    retries: Optional[int] = None
    scores: dict[str, float] = {}
    escalated: bool = False
    channel: Literal["email"] = "email"
    summary: Annotated[str, Field(description="The last summary the model wrote")] = ""


class PlainState(BaseModel):
    """The same reducers with nothing said in the schema: model_json_schema()
    drops add_messages and operator.add, so these fields read as last-value."""

    messages: Annotated[list[AnyMessage], add_messages] = []
    history: Annotated[list[dict[str, Any]], operator.add] = []
    status: Literal["open", "closed"] = "open"


class TypedDictState(TypedDict):
    """A TypedDict state, exported with TypeAdapter(...).json_schema()."""

    messages: Annotated[list[AnyMessage], reducer("messages"), add_messages]
    notes: Annotated[list[str], reducer("append"), operator.add]
    status: Literal["open", "closed"]
    summary: Optional[str]


class PlanState(BaseModel):
    """A state that refers to itself: Pydantic puts the model under $defs and
    the document is {"$defs": ..., "$ref": "#/$defs/PlanState"}."""

    goal: str
    subplans: Annotated[list["PlanState"], reducer("append"), operator.add] = []
    parent: Optional["PlanState"] = None


SCHEMAS = {
    "agent": AgentState.model_json_schema(),
    "support": SupportState.model_json_schema(),
    "plain": PlainState.model_json_schema(),
    "recursive": PlanState.model_json_schema(),
    "typeddict": TypeAdapter(TypedDictState).json_schema(),
}


if __name__ == "__main__":
    out = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).parents[2] / "scenarios" / "schemas" / "pydantic")
    out.mkdir(parents=True, exist_ok=True)
    for name, schema in SCHEMAS.items():
        (out / f"{name}.schema.json").write_text(json.dumps(schema, indent=2) + "\n")
