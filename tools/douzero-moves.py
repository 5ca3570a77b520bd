#!/usr/bin/env python3
"""Runs DouZero's own move code (kwai/DouZero, Apache-2.0) for tools/douzero-compare.ts.

DouZero is not vendored: pass the path of a checkout (git clone https://github.com/kwai/DouZero).
Only douzero/env/utils.py, move_generator.py and move_detector.py are loaded, under stub packages,
so neither torch nor numpy is needed and DouZero's own package __init__ files never run.

Usage:
  python3 tools/douzero-moves.py DOUZERO_DIR < moves.json

stdin: a JSON list of moves as DouZero rank lists (3..14, 17, 20, 30), e.g. fairdeal's plays.
stdout: JSON {"generated": [...], "generatedTypes": [...], "detected": [...]}:
  generated       every distinct move (sorted rank list) of at most 20 cards that MovesGener offers
                  on a full 54-card deck -- airplanes with wings asked for by length (repeat_num),
                  as their unbounded listing would be tens of millions of lists;
  generatedTypes  get_move_type(move)["type"] of each generated move (15 = TYPE_15_WRONG);
  detected        get_move_type(move)["type"] of each move read from stdin.
"""

import importlib.util
import json
import os
import sys
import types

MAX_CARDS = 20  # the landlord's 17 + 3: no hand holds more


def load(douzero_dir):
    env_dir = os.path.join(douzero_dir, 'douzero', 'env')
    for name in ('douzero', 'douzero.env'):
        package = types.ModuleType(name)
        package.__path__ = []
        sys.modules[name] = package
    modules = {}
    for short in ('utils', 'move_generator', 'move_detector'):
        name = 'douzero.env.' + short
        spec = importlib.util.spec_from_file_location(name, os.path.join(env_dir, short + '.py'))
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
        modules[short] = module
    return modules


def full_deck():
    return sorted([r for r in range(3, 15) for _ in range(4)] + [17] * 4 + [20, 30])


def generated(gen_module):
    gen = gen_module.MovesGener(full_deck())
    moves = []
    moves += gen.gen_type_1_single() + gen.gen_type_2_pair() + gen.gen_type_3_triple()
    moves += gen.gen_type_4_bomb() + gen.gen_type_5_king_bomb()
    moves += gen.gen_type_6_3_1() + gen.gen_type_7_3_2()
    moves += gen.gen_type_8_serial_single() + gen.gen_type_9_serial_pair()
    moves += gen.gen_type_10_serial_triple()
    for n in range(2, MAX_CARDS // 4 + 1):
        moves += gen.gen_type_11_serial_3_1(repeat_num=n)
    for n in range(2, MAX_CARDS // 5 + 1):
        moves += gen.gen_type_12_serial_3_2(repeat_num=n)
    moves += gen.gen_type_13_4_2() + gen.gen_type_14_4_22()
    distinct = {tuple(sorted(m)) for m in moves if len(m) <= MAX_CARDS}
    return [list(m) for m in sorted(distinct)]


def main():
    if len(sys.argv) != 2 or not os.path.isfile(
        os.path.join(sys.argv[1], 'douzero', 'env', 'move_generator.py')
    ):
        sys.stderr.write('usage: python3 tools/douzero-moves.py DOUZERO_DIR < moves.json\n')
        sys.exit(2)
    modules = load(sys.argv[1])
    moves = json.load(sys.stdin)
    detect = modules['move_detector'].get_move_type
    offered = generated(modules['move_generator'])
    out = {
        'generated': offered,
        'generatedTypes': [detect(m)['type'] for m in offered],
        'detected': [detect(sorted(m))['type'] for m in moves],
    }
    json.dump(out, sys.stdout, separators=(',', ':'))


if __name__ == '__main__':
    main()
