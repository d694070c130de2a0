"""The Pydantic v2 model that scenarios/schemas/pydantic.schema.json stands for.

That file was written by hand in the shape Pydantic v2's model_json_schema()
gives ($defs, titles, Optional as anyOf with {"type": "null"}, a $ref with a
default beside it, keywords in sorted order), because no Python was at hand
when it was committed. To check it against the real thing:

    pip install 'pydantic>=2.9'
    python testdata/pydantic/model.py > /tmp/pydantic.schema.json
    diff <(jq -S . /tmp/pydantic.schema.json) <(jq -S . scenarios/schemas/pydantic.schema.json)
"""

import json
from enum import Enum
from typing import Annotated, Any, Optional

from pydantic import BaseModel, Field


class Status(str, Enum):
    idle = "idle"
    thinking = "thinking"
    done = "done"


class Task(BaseModel):
    id: str
    title: str


class AgentState(BaseModel):
    # json_schema_extra adds keywords to the property's schema: the harness
    # reads x-reducer and readOnly
    messages: Annotated[list[dict[str, Any]], Field(json_schema_extra={"x-reducer": "messages"})] = []
    did: Annotated[str, Field(json_schema_extra={"readOnly": True})]
    status: Status = Status.idle
    last_error: Optional[str] = None
    active_task: Optional[Task] = None
    context: Annotated[dict[str, Any], Field(json_schema_extra={"x-reducer": "merge"})] = {}
    turns: Annotated[int, Field(json_schema_extra={"x-reducer": "sum"})] = 0


if __name__ == "__main__":
    print(json.dumps(AgentState.model_json_schema(), indent=2))
