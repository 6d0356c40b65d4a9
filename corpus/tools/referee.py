#!/usr/bin/env python3
"""An independent referee for the corpus, written from specs/record-format.md and the rule
sources, NOT from the engine: a cross-check of the expected verdicts and of simulated games.

  python3 corpus/tools/referee.py corpus/legal/*.yaml ...

Prints one line per game: file, id, verdict, first bad move, code, note, replayed outcome.
Limits: only rulesets with `rearrange` and `extra_melds` on (others report 'unsupported');
the codes are this referee's reading of the contract; documents are assumed well-formed."""
import sys, yaml, hashlib, itertools, os
from functools import lru_cache

DECKS = {'french-40': (['A','2','3','4','5','6','7','J','Q','K'], 'cdhs'),
         'french-52': (['A','2','3','4','5','6','7','8','9','T','J','Q','K'], 'cdhs'),
         'spanish-40': (['1','2','3','4','5','6','7','10','11','12'], 'oceb')}
RSDIR = '/work/main/rulesets'

def load_rules(name, recfile):
    if '/' in name or name.endswith('.yaml') or name.endswith('.yml'):
        p = os.path.join(os.path.dirname(recfile), name)
        if not os.path.exists(p):  # the corpus's house rulesets: conquian check --ruleset-dir corpus/rulesets
            p = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'rulesets', name)
    else:
        p = os.path.join(RSDIR, name + '.yaml')
    d = yaml.safe_load(open(p))
    if 'base' in d:
        b = load_rules(d['base'], p)
        b = dict(b); 
        for k, v in d.items():
            if k == 'forcing' and isinstance(v, dict): b['forcing'] = {**b.get('forcing', {}), **v}
            elif k == 'melds': b['melds'] = {**b.get('melds', {}), **v}
            else: b[k] = v
        return b
    return d

class Rules:
    def __init__(self, d):
        deck = d.get('deck', 'french-40')
        if isinstance(deck, dict): self.ranks, self.suits = [str(r) for r in deck['ranks']], deck['suits']
        else: self.ranks, self.suits = DECKS[deck]
        self.cards = [r + s for s in self.suits for r in self.ranks]
        self.seats = d.get('seats', 2); self.hand = d.get('hand', 10); self.target = d.get('target', self.hand + 1)
        m = d.get('melds', {}); self.set = m.get('set', [3, 4]); self.run = m.get('run', [3, None])
        if self.run[1] is None: self.run = [self.run[0], len(self.ranks)]
        self.wild = set(d.get('wild', []) or [])
        self.swap = d.get('swap', False); self.rearrange = d.get('rearrange', True); self.extra = d.get('extra_melds', True)
        f = d.get('forcing', {}) or {}
        self.decline = f.get('decline', False); self.offer = f.get('offer', False); self.hit = f.get('hit', False)
        self.fextra = f.get('forced_extra_melds', False)
    def parse(self, t):
        t = str(t)
        if t not in self.cards: raise Bad('unknown-card', t)
        for s in self.suits:
            if t.endswith(s): return (self.ranks.index(t[:-len(s)]), s)
    def tok(self, c): return self.ranks[c[0]] + c[1]

class Bad(Exception):
    def __init__(self, code, why=''): self.code, self.why = code, why

def is_meld(R, cards):
    n = len(cards)
    nat = [c for c in cards if R.tok(c) not in R.wild]
    if not nat: return False
    ok = False
    if R.set[0] <= n <= R.set[1] and len({c[0] for c in nat}) == 1: ok = True
    if R.run[0] <= n <= R.run[1] and len({c[1] for c in nat}) == 1 and n <= len(R.ranks):
        rs = [c[0] for c in nat]
        if len(set(rs)) == len(rs) and max(rs) - min(rs) + 1 <= n: ok = True
    return ok

def partition(R, cards):
    cards = frozenset(cards)
    @lru_cache(None)
    def go(s):
        if not s: return True
        x = min(s); rest = sorted(s - {x})
        for k in range(2, len(rest) + 1):
            for comb in itertools.combinations(rest, k):
                m = (x,) + comb
                if is_meld(R, m) and go(s - frozenset(m)): return True
        return False
    return go(cards)

def fits(R, table, card):
    return bool(table) and partition(R, table | {card})

def referee(rec, recfile):
    R = Rules(load_rules(rec['ruleset'], recfile))
    n = R.seats
    deal = rec['deal']; dealer = rec.get('dealer', 0)
    # the deal
    try:
        hands = [[R.parse(t) for t in h] for h in deal['hands']]
        stock = [R.parse(t) for t in deal['stock']] if 'stock' in deal else None
    except Bad as b: return ('illegal', 0, b.code, b.why)
    allc = [c for h in hands for c in h] + (stock or [])
    if len(set(allc)) != len(allc): return ('illegal', 0, 'duplicate-card', '')
    if len(hands) != n or any(len(h) != R.hand for h in hands): return ('illegal', 0, 'bad-deal', '')
    if stock is not None and len(stock) != len(R.cards) - n * R.hand: return ('illegal', 0, 'bad-deal', 'stock')
    if 'commitment' in deal:
        text = str(deal.get('salt', '')) + ':' + ' '.join(str(t) for h in deal['hands'] for t in h) + \
               (' ' + ' '.join(str(t) for t in deal['stock']) if 'stock' in deal else '')
        if deal['commitment'] != 'sha256:' + hashlib.sha256(text.encode()).hexdigest():
            return ('illegal', 0, 'bad-commitment', '')
    hand = [set(h) for h in hands]; table = [set() for _ in range(n)]
    seen = set(allc) if stock is None else None
    stock_left = len(R.cards) - n * R.hand
    st = {'phase': 'swap' if R.swap else 'turn', 'actor': (dealer + 1) % n, 'up': None, 'origin': None,
          'turned': False, 'order': [], 'idx': 0, 'swaps': {}, 'result': None, 'passer': None}
    dead = set(); shown = set()
    def enter_turn(seat):
        st['up'] = None
        if stock_left == 0:
            st['phase'] = 'over'; st['result'] = 'draw'; return
        st['phase'] = 'turn'; st['actor'] = seat
    def offer(card, origin, turned):
        st.update(up=card, origin=origin, turned=turned, phase='offer')
        st['order'] = [(origin + i) % n for i in range(n)] if turned else [(origin + 1 + i) % n for i in range(n - 1)]
        st['idx'] = 0; st['actor'] = st['order'][0]
    def refuse():
        st['idx'] += 1
        if st['idx'] < len(st['order']):
            st['phase'] = 'offer'; st['actor'] = st['order'][st['idx']]; return
        dead.add(st['up']); enter_turn((st['origin'] + 1) % n)
    moves = rec.get('moves') or []
    for i, mv in enumerate(moves, 1):
        try:
            seat = mv['seat']
            if st['phase'] == 'over': raise Bad('after-end')
            if st['phase'] == 'window' and 'force' not in mv:
                refuse()  # nobody forced
                if st['phase'] == 'over': raise Bad('after-end')
            kind = next(k for k in ('swap', 'turn', 'take', 'pass', 'force', 'throw') if k in mv)
            ph = st['phase']
            if ph == 'forced' and seat == st['actor'] and kind != 'take': raise Bad('must-take')
            if kind == 'swap':
                if ph != 'swap': raise Bad('not-allowed', 'no swap now')
                if seat != st['actor']: raise Bad('not-your-turn')
                c = R.parse(mv['swap'])
                if c not in hand[seat]: raise Bad('not-in-hand')
                st['swaps'][seat] = c; st['actor'] = (seat + 1) % n
                if len(st['swaps']) == n:
                    for s, c in st['swaps'].items(): hand[s].discard(c); 
                    for s, c in st['swaps'].items(): hand[(s + 1) % n].add(c)
                    enter_turn((dealer + 1) % n)
            elif kind == 'turn':
                c = R.parse(mv['turn'])
                if ph != 'turn': raise Bad('not-your-turn' if seat != st['actor'] and ph != 'offer' else 'not-allowed')
                if seat != st['actor']: raise Bad('not-your-turn')
                if stock is not None:
                    top = stock[len(stock) - stock_left]
                    if c != top: raise Bad('wrong-card', 'top is %s' % R.tok(top))
                else:
                    held = set().union(*hand) | set().union(*table) | dead | shown
                    if c in held: raise Bad('wrong-card', 'seen')
                stock_left -= 1; shown.add(c); offer(c, seat, True)
            elif kind == 'pass':
                c = R.parse(mv['pass'])
                if ph != 'offer': raise Bad('not-your-turn' if seat != st['actor'] else 'not-allowed')
                if seat != st['actor']: raise Bad('not-your-turn')
                if c != st['up']: raise Bad('wrong-card')
                if R.decline and fits(R, table[seat], c):
                    st['phase'] = 'window'; st['passer'] = seat
                else: refuse()
            elif kind == 'force':
                o = mv['force']
                if ph == 'window':
                    if o != st['passer'] or seat == o: raise Bad('not-allowed')
                    st['phase'] = 'forced'; st['actor'] = o
                else:
                    if not R.offer: raise Bad('not-allowed', 'no offer forcing')
                    if ph != 'offer': raise Bad('not-allowed')
                    if seat != st['actor']: raise Bad('not-your-turn')
                    if o == seat or o >= n or not fits(R, table[o], st['up']): raise Bad('not-allowed', 'does not fit')
                    st['phase'] = 'forced'; st['actor'] = o
            elif kind == 'throw':
                if ph != 'throw': raise Bad('not-your-turn' if seat != st['actor'] else 'not-allowed')
                if seat != st['actor']: raise Bad('not-your-turn')
                c = R.parse(mv['throw'])
                if c not in hand[seat]: raise Bad('not-in-hand')
                hand[seat].discard(c); shown.add(c); offer(c, seat, False)
            elif kind == 'take':
                c = R.parse(mv['take'])
                if ph not in ('offer', 'forced'): raise Bad('not-your-turn' if seat != st['actor'] else 'not-allowed')
                if seat != st['actor']: raise Bad('not-your-turn')
                if c != st['up']: raise Bad('wrong-card')
                if 'melds' in mv:
                    ml = [[R.parse(t) for t in m] for m in mv['melds']]
                    flat = [x for m in ml for x in m]
                    if len(set(flat)) != len(flat): raise Bad('duplicate-card')
                    new = set(flat)
                else:
                    lay = [R.parse(t) for t in mv['lay']]
                    if len(set(lay)) != len(lay) or c in lay: raise Bad('duplicate-card')
                    new = table[seat] | set(lay) | {c}; ml = None
                if c not in new: raise Bad('card-unused')
                if not table[seat] <= new: raise Bad('table-mismatch')
                laid = new - table[seat] - {c}
                if not laid <= hand[seat]: raise Bad('not-in-hand' if ml is None else 'table-mismatch')
                if ph == 'forced' and laid and not R.fextra: raise Bad('not-allowed', 'forced extra')
                if ml is not None:
                    for m in ml:
                        if not is_meld(R, m): raise Bad('illegal-meld', str([R.tok(x) for x in m]))
                elif not partition(R, new): raise Bad('illegal-meld')
                if not (R.rearrange and R.extra): raise Bad('unsupported', 'referee handles rearrange+extra only')
                left = hand[seat] - laid
                d = mv.get('discard')
                if not left:
                    if d is not None: raise Bad('bad-discard')
                else:
                    if d is None: raise Bad('no-discard')
                    d = R.parse(d)
                    if d == c or d in laid: raise Bad('bad-discard')
                    if d not in hand[seat]: raise Bad('not-in-hand')
                if 'onto' in mv:
                    o = mv['onto']
                    if not R.hit or o == seat or o >= n: raise Bad('not-allowed')
                    if not fits(R, table[o], d): raise Bad('bad-discard')
                table[seat] = new; hand[seat] = left; st['up'] = None
                if len(new) >= R.target:
                    st['phase'] = 'over'; st['result'] = seat; continue
                hand[seat].discard(d); shown.add(d)
                if 'onto' in mv:
                    table[o].add(d)
                    if len(table[o]) >= R.target: st['phase'] = 'over'; st['result'] = o; continue
                    if not hand[o]: enter_turn((o + 1) % n); continue
                    st['phase'] = 'throw'; st['actor'] = o
                else:
                    offer(d, seat, False)
        except Bad as b:
            out = st['result'] if st['phase'] == 'over' else None
            return ('illegal', i, b.code, b.why, out)
        except StopIteration:
            return ('malformed', i, '', 'no action')
    # end
    res = rec.get('result')
    if st['phase'] == 'window' and res is not None:
        refuse()
    rep = st['result'] if st['phase'] == 'over' else None
    stated = None if res is None else ('draw' if res.get('draw') else res['winner'])
    if rep != stated: return ('illegal', len(moves) + 1, 'result-mismatch', 'replay %s stated %s' % (rep, stated), rep)
    return ('legal', None, None, '', rep)

def fix(d):
    """BaseLoader keeps every scalar as written (a salt like 0042 stays '0042'); make numbers of seats."""
    if not isinstance(d, dict): return d
    if 'dealer' in d: d['dealer'] = int(d['dealer'])
    for m in d.get('moves') or []:
        for k in ('seat', 'force', 'onto'):
            if k in m: m[k] = int(m[k])
    r = d.get('result')
    if isinstance(r, dict):
        if 'winner' in r: r['winner'] = int(r['winner'])
        if 'draw' in r: r['draw'] = r['draw'] == 'true'
    if d.get('moves') == '': d['moves'] = []
    return d

if __name__ == '__main__':
    for f in sys.argv[1:]:
        try:
            docs = [fix(d) for d in yaml.load_all(open(f), Loader=yaml.BaseLoader)]
        except Exception as e:
            print(f, 'YAML-ERROR', e); continue
        for k, d in enumerate(docs):
            if not isinstance(d, dict) or 'moves' not in d or 'deal' not in d:
                print('%s\t%s\tmalformed?' % (f, (d or {}).get('id') if isinstance(d, dict) else k)); continue
            try: r = referee(d, f)
            except Exception as e: r = ('ERROR', repr(e))
            print('%s\t%s\t%s' % (os.path.basename(f), d.get('id'), '\t'.join(str(x) for x in r)))
