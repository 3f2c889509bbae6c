"""A deterministic synthetic tools package for benchmarks: realistic variety, ~40 % non-tool code.

python benchmarks/corpus.py OUT_DIR --modules 100 --tools 10
"""

from __future__ import annotations

import argparse
import random
import shutil
from pathlib import Path

SHARED = '''"""Types shared by the generated tools."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Literal, Optional

from pydantic import BaseModel, Field
from typing_extensions import NotRequired, TypedDict


class Priority(str, enum.Enum):
    """How urgent."""

    LOW = "low"
    NORMAL = "normal"
    HIGH = "high"


class Level(enum.IntEnum):
    ONE = 1
    TWO = 2


class Address(TypedDict):
    """A postal address."""

    street: str
    city: str
    zip_code: NotRequired[str]


@dataclass
class Window:
    start: str
    end: str
    timezone: str = "UTC"
    tags: list[str] = field(default_factory=list)


class Customer(BaseModel):
    """A customer."""

    name: str = Field(description="Full name", min_length=1)
    email: Optional[str] = None
    address: Optional[Address] = None
    priority: Priority = Priority.NORMAL


Unit = Literal["metric", "imperial"]
'''

FILLER = '''

class Helper{n}:
    """Not a tool: a helper class with methods."""

    def __init__(self, value: int) -> None:
        self.value = value

    def compute(self, factor: float = 1.5) -> float:
        total = 0.0
        for i in range(self.value):
            if i % 3 == 0:
                total += i * factor
            elif i % 5 == 0:
                total -= factor
        return total


def _private_helper_{n}(items: list[int]) -> dict[str, int]:
    counts: dict[str, int] = {{}}
    for item in items:
        key = "even" if item % 2 == 0 else "odd"
        counts[key] = counts.get(key, 0) + 1
    return counts
'''

PARAMS = [
    "city: str",
    "count: Annotated[int, Field(ge=1, le=100)] = 10",
    'unit: Unit = "metric"',
    "priority: Priority = Priority.NORMAL",
    "customer: Optional[Customer] = None",
    "tags: list[str] | None = None",
    "window: Window | None = None",
    "address: Address | None = None",
    "level: Level = Level.ONE",
    'query: Annotated[str, Param(desc="Search terms")] = ""',
    "limits: dict[str, int] | None = None",
    "verbose: bool = False",
]


def _tool(rng: random.Random, module: int, index: int) -> str:
    params = rng.sample(PARAMS, rng.randint(2, 6))
    params.sort(
        key=lambda p: "="
        in p.split(":", 1)[1].replace("Field(ge=1, le=100)", "").replace('desc="Search terms"', "")
    )
    names = [p.split(":")[0] for p in params]
    style = rng.choice(["google", "numpy"])
    if style == "google":
        doc = "\n".join(
            f"        {n}: The {n.replace('_', ' ')} to use for this call." for n in names
        )
        doc = f"Args:\n{doc}"
    else:
        doc = "Parameters\n    ----------\n" + "\n".join(
            f"    {n} : value\n        The {n.replace('_', ' ')} to use." for n in names
        )
    prefix = "async def" if rng.random() < 0.3 else "def"
    return f'''

@tool
{prefix} tool_{module}_{index}({", ".join(params)}) -> str:
    """Do operation {index} of module {module} and report the result.

    {doc}
    """
    result = [city for _ in range(3)] if "city" in locals() else []
    return str(result)
'''


def generate(out: Path, modules: int, tools: int, seed: int = 7) -> Path:
    """Write ``modules`` modules of ``tools`` tools each (plus shared types) under ``out/bench_tools``."""
    rng = random.Random(seed)
    package = out / "bench_tools"
    if package.exists():
        shutil.rmtree(package)
    package.mkdir(parents=True)
    (package / "shared.py").write_text(SHARED)
    header = (
        '"""Generated tool module."""\n\nfrom typing import Annotated, Optional\n\n'
        "from pydantic import Field\n\nfrom toolgen import Param, tool\n\n"
        "from .shared import Address, Customer, Level, Priority, Unit, Window\n"
    )
    for m in range(modules):
        parts = [header]
        for t in range(tools):
            parts.append(_tool(rng, m, t))
            if t % 2 == 0:
                parts.append(FILLER.format(n=f"{m}_{t}"))
        (package / f"module_{m:04d}.py").write_text("".join(parts))
    # A re-export hub, as real packages have: the package imports every tool, so a worker
    # that builds it reaches every module.
    hub = ['"""Generated benchmark tools: every tool, re-exported."""\n']
    for m in range(modules):
        names = ", ".join(f"tool_{m}_{t}" for t in range(tools))
        hub.append(f"from .module_{m:04d} import {names}\n")
    hub.append("from .shared import Address, Customer, Level, Priority, Unit, Window\n")
    (package / "__init__.py").write_text("".join(hub))
    return package


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("out", type=Path)
    parser.add_argument("--modules", type=int, default=100)
    parser.add_argument("--tools", type=int, default=10)
    args = parser.parse_args()
    print(generate(args.out, args.modules, args.tools))


if __name__ == "__main__":
    main()
