"""The engine's command line:
``python -m engine replay|review|simulate|bench|compile|arena|figures|sprt|calibration|``
``bid-calibration``.

``replay`` and ``review`` are the boundary for untrusted records: a bad record exits 1 with one
line on standard error and nothing on standard output, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Sequence

from engine import bench
from engine.errors import EngineError, RecordError
from engine.record import dumps, replay, result, to_record
from engine.review import describe, review_hand
from engine.review import to_json as review_json
from engine.simulate import simulate


def _read(path: str) -> bytes:
    if path == "-":
        return sys.stdin.buffer.read()
    with open(path, "rb") as f:
        return f.read()


def _refused(args: argparse.Namespace, work: Callable[[bytes], str]) -> int:
    """Run ``work`` on the record of ``args.file`` and print what it returns; a record that
    cannot be read or is refused is one line on standard error and exit status 1."""
    try:
        data = _read(args.file)
    except OSError as e:
        print(f"{args.file}: {e.strerror or e}", file=sys.stderr)
        return 1
    try:
        out = work(data)
    except EngineError as e:
        print(str(e).replace("\n", " "), file=sys.stderr)
        return 1
    except RecursionError:
        print("malformed JSON: nested too deeply", file=sys.stderr)
        return 1
    print(out)
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    return _refused(args, lambda data: json.dumps(result(replay(data, keep_log=False)), indent=1))


def cmd_review(args: argparse.Namespace) -> int:
    def work(data: bytes) -> str:
        if not args.hand.strip().isdigit():
            raise RecordError(f"hand {args.hand!r}: a hand is a whole number, 1 for the first")
        hand = review_hand(data, int(args.hand))
        return json.dumps(review_json(hand), indent=1) if args.json else describe(hand)

    return _refused(args, work)


def cmd_simulate(args: argparse.Namespace) -> int:
    options: dict[str, object] = {}
    if args.target is not None:
        options["target"] = args.target
    if args.stuck_dealer:
        options["stuck_dealer"] = True
    try:
        state = simulate(args.game, args.seats, args.seed, options or None)
    except EngineError as e:
        print(str(e), file=sys.stderr)
        return 1
    print(dumps(to_record(state)))
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    figures = bench.run(runs=args.runs, smear_hands=args.smear_hands, salad_hands=args.salad_hands)
    print(
        f"smear, 3 seats: {figures['smear_3_seat_hands_per_s']:,.0f} hands/s"
        f" (median of {args.runs} runs of {args.smear_hands:,} hands;"
        f" min {figures['smear_min']:,.0f}, max {figures['smear_max']:,.0f})"
    )
    print(
        f"salad, 4 seats: {figures['salad_4_seat_hands_per_s']:,.0f} hands/s"
        f" (median of {args.runs} runs of {args.salad_hands:,} hands;"
        f" min {figures['salad_min']:,.0f}, max {figures['salad_max']:,.0f})"
    )
    if args.search_deals:
        fast = bench.search_figures(args.search_deals)
        slow = bench.interpreted_search_figures(max(1, args.search_deals // 10))
        for game, seats in (("smear", 3), ("salad", 4)):
            print(
                f"search deals, {game} {seats} seats, per second of CPU: compiled"
                f" {fast[game]:,.0f}, pure Python {slow[game]:,.0f}"
                f" ({fast[game] / slow[game]:.0f}x)"
            )
    return 0


def cmd_compile(args: argparse.Namespace) -> int:
    """Compile the search kernels into the disk cache, so the first search of a new install
    does not wait for them (a Docker build or a deploy can run this once)."""
    from engine.ai.fast import jit
    from engine.ai.fast.warm import warm_up

    t0 = time.perf_counter()
    warm_up()
    where = jit.cache_folder() if jit.JIT else None
    if where is None:
        print("kernels: interpreted (numba is not installed, or TRICKBOT_JIT=0)")
    else:
        print(f"kernels: compiled in {time.perf_counter() - t0:.1f} s, cached in {where}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m engine", description=__doc__)
    sub = p.add_subparsers(dest="command", required=True)

    r = sub.add_parser("replay", help="check a game record and print its result JSON")
    r.add_argument("file", help="the record, or - for standard input")
    r.set_defaults(func=cmd_replay)

    v = sub.add_parser("review", help="one hand of a record: the cards, the tricks, the points")
    v.add_argument("file", help="the record, or - for standard input")
    v.add_argument("--hand", required=True, help="the hand, 1 for the first")
    v.add_argument("--json", action="store_true", help="print the review as JSON")
    v.set_defaults(func=cmd_review)

    s = sub.add_parser("simulate", help="play a whole game with random legal moves")
    s.add_argument("--game", choices=("smear", "salad"), required=True)
    s.add_argument("--seats", type=int, required=True)
    s.add_argument("--seed", type=int, required=True)
    s.add_argument("--target", type=int, help="smear: points to win (default 11)")
    s.add_argument("--stuck-dealer", action="store_true", help="smear: the stuck_dealer option")
    s.set_defaults(func=cmd_simulate)

    b = sub.add_parser("bench", help="playout and search-deal throughput, one core")
    b.add_argument("--runs", type=int, default=7)
    b.add_argument("--smear-hands", type=int, default=20_000)
    b.add_argument("--salad-hands", type=int, default=4_000)
    b.add_argument(
        "--search-deals",
        type=int,
        default=50,
        help="search deals at each position (0: skip the search figures)",
    )
    b.set_defaults(func=cmd_bench)

    c = sub.add_parser("compile", help="compile the computer players' search kernels now")
    c.set_defaults(func=cmd_compile)

    sub.add_parser("arena", help="computer players' strength (see --help of the arena)")
    sub.add_parser("figures", help="every level's figures against its targets (see its --help)")
    sub.add_parser("sprt", help="a sequential test of a change on duplicate deals (see --help)")
    sub.add_parser("calibration", help="the Smear win model's reliability plot (see --help)")
    sub.add_parser("bid-calibration", help="Hard's estimated set rates against its sets (--help)")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    if args_list and args_list[0] == "arena":
        from engine.ai.arena import main as arena_main  # the computer players, loaded on demand

        code: int = arena_main(args_list[1:])
        return code
    if args_list and args_list[0] == "sprt":
        from engine.ai.sprt import main as sprt_main

        sprt_code: int = sprt_main(args_list[1:])
        return sprt_code
    if args_list and args_list[0] == "calibration":
        from engine.ai.calibration import main as calibration_main

        calibration_code: int = calibration_main(args_list[1:])
        return calibration_code
    if args_list and args_list[0] == "bid-calibration":
        from engine.ai.bid_calibration import main as bid_calibration_main

        bid_calibration_code: int = bid_calibration_main(args_list[1:])
        return bid_calibration_code
    if args_list and args_list[0] == "figures":
        from engine.ai.figures import main as figures_main

        figures_code: int = figures_main(args_list[1:])
        return figures_code
    args = build_parser().parse_args(args_list)
    run: Callable[[argparse.Namespace], int] = args.func
    return run(args)
