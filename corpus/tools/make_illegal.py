#!/usr/bin/env python3
# Writes corpus/illegal/*.yaml and their .expected.yml from the hand-written entries in
# illegal_entries.py (each: id, what the fault is, the moves, the expected move and code).
# Run: python3 corpus/tools/make_illegal.py
import os, sys
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'illegal')

def deal_yaml(hands, stock=None, extra=''):
    s = 'deal:\n  hands:\n' + ''.join('    - [%s]\n' % ', '.join(h) for h in hands)
    if stock is not None: s += '  stock: [%s]\n' % ', '.join(stock)
    return s + extra

def H(s): return s.replace(',', ' ').split()

# ---- deals -----------------------------------------------------------------
D1 = [H('Ac 2c 3c 5d 5h 5s 7d Jd Qd Kc'), H('2d 3h 4s 6c 6h Jc Qh Ks 2s 3d')]
D1S = H('4c 2h Kd 5c 7c Qc Ad 4d 6d Ah 4h 7h Jh Kh As 3s 6s 7s Js Qs')
D1M = [  # the legal game american-win
 '{seat: 1, turn: 4c}',
 '{seat: 1, pass: 4c}',
 '{seat: 0, take: 4c, melds: [[Ac, 2c, 3c, 4c], [5d, 5h, 5s]], discard: Kc}',
 '{seat: 1, pass: Kc}',
 '{seat: 1, turn: 2h}',
 '{seat: 1, pass: 2h}',
 '{seat: 0, pass: 2h}',
 '{seat: 0, turn: Kd}',
 '{seat: 0, take: Kd, melds: [[Ac, 2c, 3c, 4c], [5d, 5h, 5s], [7d, Jd, Qd, Kd]]}',
]
D1_DESC = 'the deal of legal/american-win.yaml'
# D1 with 5c turned by seat 0 at its first turn (stock 4c 2h 5c ...)
D1bS = H('4c 2h 5c Kd 7c Qc Ad 4d 6d Ah 4h 7h Jh Kh As 3s 6s 7s Js Qs')
# D1 with 5c turned by seat 1 at its second turn (stock 4c 5c ...)
D1cS = H('4c 5c 2h Kd 7c Qc Ad 4d 6d Ah 4h 7h Jh Kh As 3s 6s 7s Js Qs')

D2 = [H('5c 5d Ac 2d 3s Jc Qh Kd 7s 4c'), H('Jh Js 5s 2c 3h 4d 6c 6h Qc Ah')]
D2S = H('5h 3c 7c Kc Ad 3d 6d 7d Jd Qd 2h 4h 7h Kh As 2s 4s 6s Qs Ks')
D2M = [  # the legal game american-decline-force
 '{seat: 1, turn: 5h}',
 '{seat: 1, pass: 5h}',
 '{seat: 0, take: 5h, melds: [[5c, 5d, 5h]], discard: Jc}',
 '{seat: 1, take: Jc, melds: [[Jc, Jh, Js]], discard: 5s}',
 '{seat: 0, pass: 5s}',
 '{seat: 1, force: 0}',
 '{seat: 0, take: 5s, melds: [[5c, 5d, 5h, 5s]], discard: Kd}',
]
D2_DESC = 'the deal of legal/american-melds.yaml#american-decline-force'
# D2 with seat 0's 4c exchanged for the stock's 4s (so seat 0 holds 3s 4s)
D2x = [H('5c 5d Ac 2d 3s Jc Qh Kd 7s 4s'), H('Jh Js 5s 2c 3h 4d 6c 6h Qc Ah')]
D2xS = H('5h 3c 7c Kc Ad 3d 6d 7d Jd Qd 2h 4h 7h Kh As 2s 4c 6s Qs Ks')

N = [H('5o 1c 2e 3b 6c 7e 10o 11c 12b'), H('5c 1o 2c 3e 4b 6o 10b 11e 12c')]
NS = H('5e 5b 7o 2o 3o 4o 11o 12o 3c 4c 7c 10c 1b 2b 6b 7b 11b 1e 4e 6e 10e 12e')
NM = [
 '{seat: 1, swap: 5c}',
 '{seat: 0, swap: 12b}',
 '{seat: 1, turn: 5e}',
 '{seat: 1, pass: 5e}',
 '{seat: 0, take: 5e, melds: [[5o, 5c, 5e]], discard: 10o}',
 '{seat: 1, pass: 10o}',
 '{seat: 1, turn: 5b}',
 '{seat: 1, force: 0}',
 '{seat: 0, take: 5b, melds: [[5o, 5c, 5e, 5b]], discard: 11c}',
 '{seat: 1, pass: 11c}',
 '{seat: 1, turn: 7o}',
]
N_DESC = 'the deal of legal/forcing-variants.yaml#nine-card-offer'

W = [H('2o 3b 5e 5c 7c 10c 1e 4o 12e'), H('1o 2c 3e 4c 6o 10b 11e 12c 6e')]
WS = H('5b 11c 5o 4b 3o 7o 10o 11o 12o 1c 3c 6c 1b 2b 6b 7b 11b 12b 2e 4e 7e 10e')
WM = ['{seat: 1, swap: 6e}', '{seat: 0, swap: 1e}', '{seat: 1, turn: 5b}', '{seat: 1, pass: 5b}']
W_DESC = 'the deal of legal/wild-two.yaml'

T3 = [H('5c 5d Ac 2d 3s Jc Qh Kd'), H('Jh Js 2c 3h 4d 6c 6h Qc'), H('7c 7d Ah 2h 4s 6s Qd Ks')]
T3S = H('5h 7h 4c 3c Kc Ad 3d 6d Jd 4h Kh As 2s 5s 7s Qs')

DW = [H('Kc 2c 5d 5h 5s 7d Jd Qd 3h 4s'), H('2d 3d 4d 6c 6h Jc Qh Ks 2s 7c')]
DWS = H('Ac 3c 4c 5c Qc Ad 6d Kd Ah 2h 4h 7h Jh Kh As 3s 6s 7s Js Qs')
DC = [H('Ac 2c 3c 4c 5c 6c 7c Jc Kd Ks'), H('2d 3h 4s 6d 6h Jh Qh 2s 3d 7s')]
DCS = H('Qc Kc Ad 4d 5d 7d Jd Qd Ah 2h 4h 5h 7h Kh As 3s 5s 6s Js Qs')
DF = [H('6h 7h Ac 2d 3s 4c 5d Qc Kd Js'), H('Ad 2c 3h 4s 5c 6d 7c Qs Kh Jc')]
DFS = H('Jh 3c 6c 8c 9c Tc Kc 3d 4d 7d 8d 9d Td Jd Qd Ah 2h 4h 5h 8h 9h Th Qh As 2s 5s 6s 7s 8s 9s Ts Ks')

# ---- records ---------------------------------------------------------------
files = {}
def rec(fname, id, why, ruleset, deal, moves, bad=None, code=None, result=None, dealer=0,
        verdict='illegal', outcome='unfinished', note=''):
    """moves: legal prefix lines; the last line is the faulty one when bad is given."""
    lines = ['# %s' % l for l in why.strip().split('\n')]
    lines += ['format: conquian-record/1', 'ruleset: %s' % ruleset, 'id: %s' % id, 'dealer: %d' % dealer]
    lines.append(deal.rstrip('\n'))
    lines.append('moves:' if moves else 'moves: []')
    for i, m in enumerate(moves, 1):
        tail = ''
        if bad == i: tail = '     # <-- FAULT (%s): %s' % (code, note or 'see above')
        lines.append('  - %s%s' % (m, tail))
    if result: lines.append('result: %s' % result)
    exp = {'id': id, 'verdict': verdict, 'outcome': outcome}
    if verdict == 'illegal': exp['move'] = bad; exp['code'] = code
    files.setdefault(fname, []).append(('\n'.join(lines) + '\n', exp))

def fmt_exp(e):
    parts = ['id: %s' % e['id'], 'verdict: %s' % e['verdict'], 'outcome: %s' % e['outcome']]
    if 'move' in e: parts += ['move: %d' % e['move'], 'code: %s' % e['code']]
    return '- {' + ', '.join(parts) + '}'

exec(open(os.path.join(os.path.dirname(os.path.abspath(__file__)), 'illegal_entries.py')).read())

for fname, docs in files.items():
    head = '# Illegal games: a short legal prefix, then exactly one fault (marked <-- FAULT).\n' \
           '# Expected verdicts are in %s (decided from the rules).\n\n' % fname.replace('.yaml', '.expected.yml')
    open(os.path.join(OUT, fname), 'w').write(head + '---\n'.join(d for d, _ in docs))
    open(os.path.join(OUT, fname.replace('.yaml', '.expected.yml')), 'w').write(
        '\n'.join(fmt_exp(e) for _, e in docs) + '\n')
    print(fname, len(docs))
