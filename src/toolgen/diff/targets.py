"""Which two versions to compare: each configured target's outputs at a git revision against a
fresh build of the working tree (``api.plan``, nothing written) or against the files on disk;
or two generated modules named on the command line."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from toolgen.config import Config
from toolgen.diff.compare import diff_constants
from toolgen.diff.load import (
    Module,
    Reader,
    merge,
    read_file,
    read_git,
    read_module,
    resolve_revision,
)
from toolgen.diff.model import DiffResult, TargetDiff
from toolgen.discover import display_path


def diff_files(old: Path, new: Path, cwd: Path | None = None) -> DiffResult:
    """``toolgen diff OLD.py NEW.py``: two generated modules, read as data."""
    cwd = cwd or Path.cwd()
    reader = Reader()  # one for both: their lines are mostly the same
    a = read_file(old, display_path(old.resolve(), cwd), reader)
    b = read_file(new, display_path(new.resolve(), cwd), reader)
    result = diff_constants(
        a, b, display_path(new.resolve(), cwd), a.labels[0], b.labels[0], None, cwd
    )
    return DiffResult(None, (result,))


def diff_targets(
    config: Config,
    base: str | None,
    against_files: bool = False,
    use_cache: bool = True,
    cache_dir: Path | None = None,
    cwd: Path | None = None,
) -> DiffResult:
    """Every target of ``config``: its outputs at ``base`` (default: the merge base with the
    default branch) against a fresh build of the working tree, or its files on disk.

    Raises:
        GitError: no git, not a repository, an unknown revision (exit 2).
        BadModule: an output that is not toolgen's module, or not data (exit 2).
        SourceError: the fresh build found errors in the sources (exit 3).
    """
    cwd = cwd or Path.cwd()
    commit, named = resolve_revision(base, cwd)
    fresh: dict[Path, Module] = {}
    reader = Reader()
    if not against_files:
        from toolgen import api

        the_plan = api.plan(
            config, cwd=cwd, use_cache=use_cache, cache_dir=cache_dir, warnings=False
        )
        for planned in the_plan.files:
            data = planned.data
            if data is None:  # the file on disk is known to be exactly what a build writes
                data = planned.path.read_bytes()
            module = read_module(data, planned.display, reader=reader)
            fresh[planned.path.resolve()] = Module(
                module.constants, module.sources, planned.path.parent, True, (planned.display,)
            )
    results: list[TargetDiff] = []
    for target in config.targets:
        files = target.output_files()
        olds: list[Module] = []
        news: list[Module] = []
        for path in files.values():
            shown = display_path(path.resolve(), cwd)
            olds.append(read_git(commit, path, shown, cwd, reader))
            if against_files:
                news.append(
                    read_file(path, shown, reader) if path.is_file() else Module.absent(shown)
                )
            else:
                news.append(fresh[path.resolve()])
        old, new = merge(olds), merge(news)
        label_new = "working tree files" if against_files else "fresh build of the working tree"
        output = display_path(files[None].resolve(), cwd)
        results.append(
            diff_constants(
                old,
                new,
                output,
                f"{named}:{output}" if old.present else f"{named} (no such output)",
                label_new,
                target,
                cwd,
            )
        )
    return DiffResult(named, tuple(results))


def fresh_outputs(
    config: Config, use_cache: bool = True, cache_dir: Path | None = None, cwd: Path | None = None
) -> list[tuple[str, Module]]:
    """Every target's output as a fresh build of the working tree makes it (nothing written):
    the output's path as shown, and its modules merged (``toolgen cost``).

    Raises:
        SourceError: errors in the sources (exit 3).
    """
    cwd = cwd or Path.cwd()
    from toolgen import api

    the_plan = api.plan(config, cwd=cwd, use_cache=use_cache, cache_dir=cache_dir, warnings=False)
    reader = Reader()
    built: dict[Path, Module] = {}
    for planned in the_plan.files:
        data = planned.data if planned.data is not None else planned.path.read_bytes()
        built[planned.path.resolve()] = read_module(data, planned.display, reader=reader)
    out = []
    for target in config.targets:
        files = target.output_files()
        output = display_path(files[None].resolve(), cwd)
        out.append((output, merge([built[p.resolve()] for p in files.values()])))
    return out


def cost_report(
    paths: tuple[Path, ...], config: Callable[[], Config], fmt: str, top: int, estimate: bool
) -> str:
    """``toolgen cost``: of generated modules when every path is one, else of a fresh build of
    ``config()``'s targets."""
    from toolgen.diff.tokens import counter
    from toolgen.diff.weigh import render, weigh
    from toolgen.header import is_generated

    files = [p for p in paths if p.is_file() and is_generated(p.read_bytes()[:200])]
    if paths and len(files) == len(paths):
        shown = [display_path(p.resolve(), Path.cwd()) for p in files]
        modules = [(s, read_file(p, s)) for p, s in zip(files, shown)]
    else:
        modules = fresh_outputs(config())
    how = counter(exact=not estimate)
    return render([w for out, module in modules for w in weigh(module, out, how)], how, fmt, top)
