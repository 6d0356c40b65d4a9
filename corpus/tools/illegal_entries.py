# ===================== turn order: not-your-turn, wrong-card =====================
F = 'turn-order.yaml'
rec(F, 'nyt-dealer-turns-first', 'The dealer (seat 0) turns the first card; the seat after the dealer must.',
    'american', deal_yaml(D1, D1S), ['{seat: 0, turn: 4c}'], 1, 'not-your-turn', note='seat 1 turns first')
rec(F, 'nyt-dealer-1', 'Dealer 1: seat 0 turns first, but seat 1 turns. (' + D1_DESC + ')',
    'american', deal_yaml(D1, D1S), ['{seat: 1, turn: 4c}'], 1, 'not-your-turn', dealer=1, note='seat 0 turns first')
rec(F, 'nyt-take-before-turner', 'A turned card is offered to the turner first: seat 0 takes 4c before seat 1 has refused it.',
    'american', deal_yaml(D1, D1S), D1M[:1] + ['{seat: 0, take: 4c, melds: [[Ac, 2c, 3c, 4c], [5d, 5h, 5s]], discard: Kc}'],
    2, 'not-your-turn', note='4c is still seat 1\'s to take or refuse')
rec(F, 'nyt-turner-after-dead', 'Seat 1 refuses seat 0\'s throw Kc, so Kc is dead and seat 1 (the last to refuse) turns next, not seat 0.',
    'american', deal_yaml(D1, D1S), D1M[:4] + ['{seat: 0, turn: 2h}'], 5, 'not-your-turn', note='seat 1 turns')
rec(F, 'nyt-three-seat-skips-seat-2', 'three-seat: seat 1 turns 5h and refuses it; the card goes to seat 2 before seat 0.',
    'three-seat', deal_yaml(T3, T3S), ['{seat: 1, turn: 5h}', '{seat: 1, pass: 5h}',
    '{seat: 0, take: 5h, melds: [[5c, 5d, 5h]], discard: Jc}'], 3, 'not-your-turn', note='seat 2 has not refused 5h yet')
rec(F, 'nyt-swap-order', 'nine-card: the swap starts with the seat after the dealer (seat 1), not seat 0.',
    'nine-card', deal_yaml(N, NS), ['{seat: 0, swap: 12b}'], 1, 'not-your-turn', note='seat 1 swaps first')
rec(F, 'wc-turn-not-top', 'The stock is given: the turned card must be its top card (4c), not 2h.',
    'american', deal_yaml(D1, D1S), ['{seat: 1, turn: 2h}'], 1, 'wrong-card', note='the top card is 4c')
rec(F, 'wc-pass-other-card', 'Seat 1 refuses a card that is not the face-up one.',
    'american', deal_yaml(D1, D1S), D1M[:1] + ['{seat: 1, pass: Kd}'], 2, 'wrong-card', note='4c is face up')
rec(F, 'wc-take-not-face-up', 'Seat 0 takes 5c, which is still in the stock; 4c is face up.',
    'american', deal_yaml(D1, D1S), D1M[:2] + ['{seat: 0, take: 5c, melds: [[5c, 5d, 5h, 5s]], discard: Kc}'],
    3, 'wrong-card', note='4c is face up')
rec(F, 'wc-second-turn-wrong', 'After seat 1 refuses Kc, it turns the stock\'s second card (2h), not the third (Kd).',
    'american', deal_yaml(D1, D1S), D1M[:4] + ['{seat: 1, turn: Kd}'], 5, 'wrong-card', note='2h is on top')
rec(F, 'wc-no-stock-held-card', 'No stock given: a turned card must be one nobody holds. Ac is in seat 0\'s hand.',
    'american', deal_yaml(D1), ['{seat: 1, turn: Ac}'], 1, 'wrong-card', note='Ac is held by seat 0')
rec(F, 'wc-no-stock-dead-card', 'No stock given: Kc was thrown and refused (dead, seen); it cannot be turned.',
    'american', deal_yaml(D1), D1M[:4] + ['{seat: 1, turn: Kc}'], 5, 'wrong-card', note='Kc is dead')

# ===================== takes =====================
F = 'takes.yaml'
t3 = lambda m: D1M[:2] + [m]
rec(F, 'nih-discard-not-held', 'Seat 0 discards Jc, which is in seat 1\'s hand, not its own. (' + D1_DESC + ')',
    'american', deal_yaml(D1, D1S), t3('{seat: 0, take: 4c, melds: [[Ac, 2c, 3c, 4c], [5d, 5h, 5s]], discard: Jc}'),
    3, 'not-in-hand', note='Jc is seat 1\'s')
rec(F, 'nih-lay-not-held', '`lay` lists 5c, which seat 0 does not hold (it is in the stock).',
    'american', deal_yaml(D1, D1S), t3('{seat: 0, take: 4c, lay: [Ac, 2c, 3c, 5d, 5h, 5c], discard: Kc}'),
    3, 'not-in-hand', note='5c is not in seat 0\'s hand')
rec(F, 'nih-swap-not-held', 'nine-card: seat 1 swaps 5o, a card of seat 0\'s hand.',
    'nine-card', deal_yaml(N, NS), ['{seat: 1, swap: 5o}'], 1, 'not-in-hand', note='5o is seat 0\'s')
rec(F, 'nih-throw-not-held', 'hit: seat 0 is hit and must throw a card from its hand; Jc is on seat 1\'s table.',
    'hit', deal_yaml(D2, D2S), D2M[:3] + ['{seat: 1, take: Jc, melds: [[Jc, Jh, Js]], discard: 5s, onto: 0}',
    '{seat: 0, throw: Jc}'], 5, 'not-in-hand', note='Jc is not in seat 0\'s hand')
rec(F, 'im-not-a-meld', '5d 5h 7d is neither a set nor a run.',
    'american', deal_yaml(D1, D1S), t3('{seat: 0, take: 4c, melds: [[Ac, 2c, 3c, 4c], [5d, 5h, 7d]], discard: Kc}'),
    3, 'illegal-meld', note='5d 5h 7d')
rec(F, 'im-two-cards', 'A meld of two cards (5d 5h) is too short.',
    'american', deal_yaml(D1, D1S), t3('{seat: 0, take: 4c, melds: [[Ac, 2c, 3c, 4c], [5d, 5h]], discard: Kc}'),
    3, 'illegal-meld', note='5d 5h')
rec(F, 'im-lay-ungroupable', '`lay`: the table Ac 2c 3c 4c 5d 5h cannot be split into legal melds.',
    'american', deal_yaml(D1, D1S), t3('{seat: 0, take: 4c, lay: [Ac, 2c, 3c, 5d, 5h], discard: Kc}'),
    3, 'illegal-meld', note='5d 5h is left over')
rec(F, 'im-king-ace-wrap', 'Aces are low and nothing wraps: Kc Ac 2c is no run.',
    'american', deal_yaml(DW, DWS), ['{seat: 1, turn: Ac}', '{seat: 1, pass: Ac}',
    '{seat: 0, take: Ac, melds: [[Kc, Ac, 2c]], discard: 3h}'], 3, 'illegal-meld', note='K-A-2')
rec(F, 'im-capped-nine-card-run', 'american-capped: runs of at most 8 cards; Ac..Qc is 9. (Legal under american: legal/american-melds.yaml#american-nine-card-run.)',
    'american-capped', deal_yaml(DC, DCS), ['{seat: 1, turn: Qc}', '{seat: 1, pass: Qc}',
    '{seat: 0, take: Qc, melds: [[Ac, 2c, 3c, 4c, 5c, 6c, 7c, Jc, Qc]], discard: Kd}'], 3, 'illegal-meld', note='nine cards in one run')
rec(F, 'im-full-deck-seven-jack', 'full-deck: with 8, 9 and T in the deck, 6h 7h Jh is no run.',
    'full-deck', deal_yaml(DF, DFS), ['{seat: 1, turn: Jh}', '{seat: 1, pass: Jh}',
    '{seat: 0, take: Jh, melds: [[6h, 7h, Jh]], discard: Qc}'], 3, 'illegal-meld', note='8h 9h Th are missing')
rec(F, 'im-wild-mismatch', 'wild-two: even with the wild 2o, 5b 2o 7c is neither a set (5 and 7) nor a run (b and c).',
    'wild-two', deal_yaml(W, WS), WM + ['{seat: 0, take: 5b, melds: [[5b, 2o, 7c]], discard: 12e}'],
    5, 'illegal-meld', note='5b 2o 7c')
rec(F, 'im-two-of-coins-not-wild', 'nine-card has no wild card: 3b 2o 5b is no meld there (it is under wild-two, legal/wild-two.yaml).',
    'nine-card', deal_yaml(W, WS), WM + ['{seat: 0, take: 5b, melds: [[3b, 2o, 5b]], discard: 12e}'],
    5, 'illegal-meld', note='2o is just the two of coins')
rec(F, 'tm-drops-old-meld', 'The stated table leaves out seat 0\'s set 5d 5h 5s, already on its table.',
    'american', deal_yaml(D1, D1S), D1M[:8] + ['{seat: 0, take: Kd, melds: [[Ac, 2c, 3c, 4c], [7d, Jd, Qd, Kd]]}'],
    9, 'table-mismatch', note='5d 5h 5s is missing')
rec(F, 'tm-card-from-stock', 'The stated table holds 5c, which is in the stock: not on the table, not taken, not in the hand.',
    'american', deal_yaml(D1, D1S), t3('{seat: 0, take: 4c, melds: [[Ac, 2c, 3c, 4c], [5d, 5h, 5s, 5c]], discard: Kc}'),
    3, 'table-mismatch', note='5c')
rec(F, 'tm-opponent-meld', 'Seat 0 states seat 1\'s meld Jc Jh Js as part of its own table. (' + D2_DESC + ')',
    'american', deal_yaml(D2, D2S), D2M[:4] + ['{seat: 0, take: 5s, melds: [[5c, 5d, 5h, 5s], [Jc, Jh, Js]], discard: Kd}'],
    5, 'table-mismatch', note='Jc Jh Js are seat 1\'s')
rec(F, 'cu-taken-card-unmelded', 'Seat 0 takes 4c but puts it in no meld.',
    'american', deal_yaml(D1, D1S), t3('{seat: 0, take: 4c, melds: [[5d, 5h, 5s]], discard: Kc}'),
    3, 'card-unused', note='4c is in no meld')
rec(F, 'nd-missing-discard', 'Seat 0 still holds 7d Jd Qd Kc after its take and must discard.',
    'american', deal_yaml(D1, D1S), t3('{seat: 0, take: 4c, melds: [[Ac, 2c, 3c, 4c], [5d, 5h, 5s]]}'),
    3, 'no-discard', note='no discard')
rec(F, 'nd-forced-take', 'A forced take still owes a discard (source 000).',
    'american', deal_yaml(D2, D2S), D2M[:6] + ['{seat: 0, take: 5s, melds: [[5c, 5d, 5h, 5s]]}'],
    7, 'no-discard', note='no discard')
rec(F, 'bd-taken-card', 'Seat 0 discards the very card it took.',
    'american', deal_yaml(D1, D1S), t3('{seat: 0, take: 4c, melds: [[Ac, 2c, 3c, 4c], [5d, 5h, 5s]], discard: 4c}'),
    3, 'bad-discard', note='4c was just melded')
rec(F, 'bd-laid-card', 'Seat 0 discards 5s, which it has just laid in a meld.',
    'american', deal_yaml(D1, D1S), t3('{seat: 0, take: 4c, melds: [[Ac, 2c, 3c, 4c], [5d, 5h, 5s]], discard: 5s}'),
    3, 'bad-discard', note='5s is on the table')
rec(F, 'bd-empty-hand', 'The winning take empties the hand: there is nothing to discard, so `discard` must be absent.',
    'american', deal_yaml(D1, D1S), D1M[:8] + ['{seat: 0, take: Kd, melds: [[Ac, 2c, 3c, 4c], [5d, 5h, 5s], [7d, Jd, Qd, Kd]], discard: 2h}'],
    9, 'bad-discard', note='the hand is empty')
rec(F, 'bd-hit-does-not-fit', 'hit: seat 1 throws 6h onto seat 0\'s table (5c 5d 5h), where it does not fit.',
    'hit', deal_yaml(D2, D2S), D2M[:3] + ['{seat: 1, take: Jc, melds: [[Jc, Jh, Js]], discard: 6h, onto: 0}'],
    4, 'bad-discard', note='6h fits no meld of seat 0')

# ===================== forcing: not-allowed, must-take =====================
F = 'forcing.yaml'
rec(F, 'na-noforce-thrown', 'american-noforce: no forcing at all. Seat 0 refuses 5s (which fits its set) and seat 1 tries the decline force.\n(' + D2_DESC + '; legal under american)',
    'american-noforce', deal_yaml(D2, D2S), D2M[:6], 6, 'not-allowed', note='no forcing in this ruleset')
rec(F, 'na-noforce-turned', 'american-noforce: seat 0 turns 5c, which fits its table, and refuses it; seat 1 tries to force it.\n(the deal of legal/american-win.yaml with 5c third in the stock; the same moves are legal under american: next record)',
    'american-noforce', deal_yaml(D1, D1bS), D1M[:7] + ['{seat: 0, turn: 5c}', '{seat: 0, pass: 5c}', '{seat: 1, force: 0}'],
    10, 'not-allowed', note='no forcing in this ruleset')
rec(F, 'na-control-force-turned', 'CONTROL (legal): the same moves as na-noforce-turned, under american: the decline force is allowed.',
    'american', deal_yaml(D1, D1bS), D1M[:7] + ['{seat: 0, turn: 5c}', '{seat: 0, pass: 5c}', '{seat: 1, force: 0}',
    '{seat: 0, take: 5c, melds: [[Ac, 2c, 3c, 4c, 5c], [5d, 5h, 5s]], discard: 7d}'], verdict='legal')
rec(F, 'na-offer-under-american', 'american has no forcing by offer: seat 1 turns 5c (it fits seat 0\'s table) and forces it at once,\nwithout seat 0 having refused it. (the deal of legal/american-win.yaml with 5c second in the stock)',
    'american', deal_yaml(D1, D1cS), D1M[:4] + ['{seat: 1, turn: 5c}', '{seat: 1, force: 0}'],
    6, 'not-allowed', note='only a refused card may be forced')
rec(F, 'na-force-needs-hand', 'Seat 0 turns Kd and refuses it. Kd fits only with Jd Qd from seat 0\'s hand, not its table alone,\nso seat 1 may not force it.',
    'american', deal_yaml(D1, D1S), D1M[:8] + ['{seat: 0, pass: Kd}', '{seat: 1, force: 0}'],
    10, 'not-allowed', note='Kd does not fit seat 0\'s table without help from its hand')
rec(F, 'na-force-no-fit-thrown', 'Seat 1 throws 6h; seat 0 refuses it (6h fits nothing on its table), and seat 1 tries to force it.',
    'american', deal_yaml(D2, D2S), D2M[:3] + ['{seat: 1, take: Jc, melds: [[Jc, Jh, Js]], discard: 6h}', '{seat: 0, pass: 6h}',
    '{seat: 1, force: 0}'], 6, 'not-allowed', note='6h does not fit seat 0\'s table')
rec(F, 'na-force-self', 'A seat cannot force itself: seat 0 refuses 5s (it fits its set) and "forces" itself.',
    'american', deal_yaml(D2, D2S), D2M[:5] + ['{seat: 0, force: 0}'], 6, 'not-allowed', note='seat 0 forcing seat 0')
rec(F, 'na-forced-extra-melds', 'A forced seat only adds the card (forced_extra_melds is off): seat 0 also lays 3s 4s.\n(the deal of american-decline-force, with seat 0 holding 4s instead of 4c)',
    'american', deal_yaml(D2x, D2xS), D2M[:6] + ['{seat: 0, take: 5s, melds: [[5c, 5d, 5h], [3s, 4s, 5s]], discard: Kd}'],
    7, 'not-allowed', note='cards laid from the hand on a forced take')
rec(F, 'na-offer-does-not-fit', 'nine-card: forcing by offer needs the card to fit the forced seat\'s table; 7o does not fit 5o 5c 5e 5b.\n(' + N_DESC + ')',
    'nine-card', deal_yaml(N, NS), NM + ['{seat: 1, force: 0}'], 12, 'not-allowed', note='7o does not fit seat 0\'s table')
rec(F, 'na-swap-without-swap', 'american has no swap.',
    'american', deal_yaml(D1, D1S), ['{seat: 1, swap: 2d}'], 1, 'not-allowed', note='no swap in this ruleset')
rec(F, 'na-swap-after-play', 'nine-card: the swap is over once the first card is turned.',
    'nine-card', deal_yaml(N, NS), NM[:3] + ['{seat: 1, swap: 1o}'], 4, 'not-allowed', note='swap after the first turn')
rec(F, 'na-turn-with-card-up', 'Seat 1 turns a second card while 4c is still face up and undecided.',
    'american', deal_yaml(D1, D1S), D1M[:1] + ['{seat: 1, turn: 2h}'], 2, 'not-allowed', note='4c must be taken or refused first')
rec(F, 'na-onto-without-hit', 'american has no hit forcing: a discard cannot be thrown onto another table.',
    'american', deal_yaml(D2, D2S), D2M[:3] + ['{seat: 1, take: Jc, melds: [[Jc, Jh, Js]], discard: 5s, onto: 0}'],
    4, 'not-allowed', note='`onto` under american')
rec(F, 'na-throw-not-hit', 'Only a seat that was just hit throws; seat 0 must take or refuse 5s.',
    'american', deal_yaml(D2, D2S), D2M[:4] + ['{seat: 0, throw: Kd}'], 5, 'not-allowed', note='seat 0 was not hit')
rec(F, 'na-regroup-forbidden', 'corpus/rulesets/no-regroup.yml: no regrouping. Seat 0 moves 5d out of its set into a new run.\n(the deal of legal/american-melds.yaml#american-set-lends-to-run, where this is legal)',
    'no-regroup.yml', deal_yaml([H('5c 5d 5h 4d Ac 2s 3h Jc Qd Kh'), H('Ad 2c 3s 4h 6c 7s Qs Kc Jh 2h')],
    H('5s 7d 6d 3c 4c 7c Qc 2d 3d Jd Kd Ah 6h 7h Qh As 4s 6s Js Ks')),
    ['{seat: 1, turn: 5s}', '{seat: 1, pass: 5s}', '{seat: 0, take: 5s, melds: [[5c, 5d, 5h, 5s]], discard: Jc}',
     '{seat: 1, pass: Jc}', '{seat: 1, turn: 7d}', '{seat: 1, pass: 7d}', '{seat: 0, pass: 7d}', '{seat: 0, turn: 6d}',
     '{seat: 0, take: 6d, melds: [[5c, 5h, 5s], [4d, 5d, 6d]], discard: Kh}'], 9, 'not-allowed', note='the set of fives is split')
rec(F, 'na-regroup-forbidden-lay', 'The same as na-regroup-forbidden, written with `lay`: 4d and 6d can only meld by taking 5d from the set.',
    'no-regroup.yml', deal_yaml([H('5c 5d 5h 4d Ac 2s 3h Jc Qd Kh'), H('Ad 2c 3s 4h 6c 7s Qs Kc Jh 2h')],
    H('5s 7d 6d 3c 4c 7c Qc 2d 3d Jd Kd Ah 6h 7h Qh As 4s 6s Js Ks')),
    ['{seat: 1, turn: 5s}', '{seat: 1, pass: 5s}', '{seat: 0, take: 5s, melds: [[5c, 5d, 5h, 5s]], discard: Jc}',
     '{seat: 1, pass: Jc}', '{seat: 1, turn: 7d}', '{seat: 1, pass: 7d}', '{seat: 0, pass: 7d}', '{seat: 0, turn: 6d}',
     '{seat: 0, take: 6d, lay: [4d], discard: Kh}'], 9, 'not-allowed', note='only possible by regrouping')
rec(F, 'na-extra-meld-forbidden', 'corpus/rulesets/no-extra.yml: no extra melds. Seat 0 takes 4c into Ac 2c 3c 4c and also lays 5d 5h 5s.',
    'no-extra.yml', deal_yaml(D1, D1S), t3('{seat: 0, take: 4c, melds: [[Ac, 2c, 3c, 4c], [5d, 5h, 5s]], discard: Kc}'),
    3, 'not-allowed', note='5d 5h 5s does not hold the taken card')
rec(F, 'mt-forced-passes', 'Seat 0 was forced to take 5s and refuses it instead.',
    'american', deal_yaml(D2, D2S), D2M[:6] + ['{seat: 0, pass: 5s}'], 7, 'must-take', note='a forced seat must take')
rec(F, 'mt-forced-turns', 'Seat 0 was forced to take 5s and turns the next card instead.',
    'american', deal_yaml(D2, D2S), D2M[:6] + ['{seat: 0, turn: 3c}'], 7, 'must-take', note='a forced seat must take')
rec(F, 'mt-offer-forced-passes', 'nine-card: seat 1 forces 5b onto seat 0 by offer; seat 0 refuses it.',
    'nine-card', deal_yaml(N, NS), NM[:8] + ['{seat: 0, pass: 5b}'], 9, 'must-take', note='a forced seat must take')

# ===================== results: after-end, result-mismatch =====================
F = 'results.yaml'
rec(F, 'ae-move-after-win', 'Seat 0 has won at move 9; seat 1 then turns a card. (' + D1_DESC + ')',
    'american', deal_yaml(D1, D1S), D1M + ['{seat: 1, turn: 5c}'], 10, 'after-end', result='{winner: 0}',
    outcome='{winner: 0}', note='the deal is over')
rec(F, 'ae-take-after-win', 'Seat 0 has won at move 9; seat 1 then "takes" the last card.',
    'american', deal_yaml(D1, D1S), D1M + ['{seat: 1, take: Kd, melds: [[Kd, Ks, Kc]], discard: 2d}'], 10, 'after-end',
    result='{winner: 0}', outcome='{winner: 0}', note='the deal is over')
rec(F, 'rm-wrong-winner', 'Seat 0 wins, but the record says seat 1.',
    'american', deal_yaml(D1, D1S), D1M, 10, 'result-mismatch', result='{winner: 1}', outcome='{winner: 0}', note='')
rec(F, 'rm-missing-result', 'Seat 0 wins at move 9, but the record states no result.',
    'american', deal_yaml(D1, D1S), D1M, 10, 'result-mismatch', outcome='{winner: 0}')
rec(F, 'rm-draw-claimed-midgame', 'The record stops at move 5 with cards left in the stock, but claims a draw.',
    'american', deal_yaml(D1, D1S), D1M[:5], 6, 'result-mismatch', result='{draw: true}')
rec(F, 'rm-win-claimed-midgame', 'The record stops at move 3 (seat 0 has 7 melded) but claims seat 0 won.',
    'american', deal_yaml(D1, D1S), D1M[:3], 4, 'result-mismatch', result='{winner: 0}')
rec(F, 'rm-force-window-not-draw', 'Seat 0 refuses 5s (it fits its set) with 19 cards left in the stock: a force window, not a draw.',
    'american', deal_yaml(D2, D2S), D2M[:5], 6, 'result-mismatch', result='{draw: true}')
rec(F, 'rm-no-stock-draw-claimed', 'No stock given: only 2 cards have been turned and 18 remain unseen, yet a draw is claimed.',
    'american', deal_yaml(D1), D1M[:7], 8, 'result-mismatch', result='{draw: true}')

# ===================== the deal: unknown-card, duplicate-card, bad-deal, bad-commitment =====================
F = 'deal.yaml'
bad_hand = [H('Ac 2c 3c 5d 5h 5s 7d Jd Qd Xx'), D1[1]]
rec(F, 'uc-deal-token', 'The deal holds Xx, which is no card. (no stock, so the deal is otherwise complete)',
    'american', deal_yaml(bad_hand), [], 0, 'unknown-card', note='')
rec(F, 'uc-eight-in-forty', 'No eights in the 40-card deck: seat 1 turns 8h.',
    'american', deal_yaml(D1), ['{seat: 1, turn: 8h}'], 1, 'unknown-card', note='8h')
rec(F, 'uc-lowercase', 'Tokens are case-sensitive: ac is not Ac.',
    'american', deal_yaml(D1, D1S), t3('{seat: 0, take: 4c, melds: [[ac, 2c, 3c, 4c], [5d, 5h, 5s]], discard: Kc}'),
    3, 'unknown-card', note='ac')
rec(F, 'uc-ten-in-full-deck', 'full-deck writes the ten as T: 10h is not a card of french-52.',
    'full-deck', deal_yaml(DF), ['{seat: 1, turn: 10h}'], 1, 'unknown-card', note='10h')
rec(F, 'uc-french-in-spanish', 'nine-card uses the Spanish deck: Kc is not one of its cards.',
    'nine-card', deal_yaml(N), ['{seat: 1, swap: Kc}'], 1, 'unknown-card', note='Kc')
dup_hand = [D1[0], H('2d 3h 4s 6c 6h Jc Qh Ks 2s Ac')]
rec(F, 'dc-dealt-twice', 'Ac is dealt to both seats (no stock given).',
    'american', deal_yaml(dup_hand), [], 0, 'duplicate-card')
dup_stock = D1S[:-1] + ['4c']
rec(F, 'dc-stock-twice', 'The stock holds 4c twice (and no Qs).',
    'american', deal_yaml(D1, dup_stock), [], 0, 'duplicate-card')
rec(F, 'dc-stock-and-hand', 'The stock holds Kc (last), which is also in seat 0\'s hand; Qs is missing.',
    'american', deal_yaml(D1, D1S[:-1] + ['Kc']), [], 0, 'duplicate-card')
rec(F, 'dc-melds-twice', '5d is listed twice in the stated melds.',
    'american', deal_yaml(D1, D1S), t3('{seat: 0, take: 4c, melds: [[Ac, 2c, 3c, 4c], [5d, 5h, 5s, 5d]], discard: Kc}'),
    3, 'duplicate-card', note='5d twice')
rec(F, 'dc-melds-across', '3c is in two of the stated melds.',
    'american', deal_yaml(D1, D1S), t3('{seat: 0, take: 4c, melds: [[Ac, 2c, 3c], [3c, 4c, 5d]], discard: Kc}'),
    3, 'duplicate-card', note='3c twice')
rec(F, 'bdl-short-hand', 'Seat 0 is dealt 9 cards; american deals 10. (no stock)',
    'american', deal_yaml([D1[0][:9], D1[1]]), [], 0, 'bad-deal')
rec(F, 'bdl-short-stock', 'The stock has 19 cards (Qs left out); after the deal 20 remain.',
    'american', deal_yaml(D1, D1S[:-1]), [], 0, 'bad-deal')
rec(F, 'bdl-three-hands', 'Three hands for a two-seat ruleset.',
    'american', deal_yaml([H('5c 5d Ac 2d 3s Jc Qh Kd 7s 4c'), H('Jh Js 5s 2c 3h 4d 6c 6h Qc Ah'),
                           H('5h 3c 7c Kc Ad 3d 6d 7d Jd Qd')]), [], 0, 'bad-deal')
rec(F, 'bdl-ten-in-nine-card', 'nine-card deals 9 cards each, not 10.',
    'nine-card', deal_yaml([N[0] + ['5e'], N[1] + ['5b']]), [], 0, 'bad-deal')
SALT_OK = 'sha256:8780a053b8f45298d8b0194b54b101017a2cf01f887f54c9632741de1813261d'
rec(F, 'bc-wrong-salt', 'The commitment is the one of legal/american-forms.yaml#american-sealed (salt c0ffee42); here the salt is c0ffee43.',
    'american', deal_yaml(D1, D1S, '  salt: c0ffee43\n  commitment: %s\n' % SALT_OK), D1M, 0, 'bad-commitment', result='{winner: 0}')
rec(F, 'bc-stock-changed', 'Same salt and commitment as american-sealed, but the last two stock cards are exchanged (Qs Js).',
    'american', deal_yaml(D1, D1S[:-2] + ['Qs', 'Js'], '  salt: c0ffee42\n  commitment: %s\n' % SALT_OK), D1M, 0, 'bad-commitment', result='{winner: 0}')

F = 'forcing.yaml'
T3b = H('5h 5s 7h 4c 3c Kc Ad 3d 6d Jd 4h Kh As 2s 7s Qs')
T3M = ['{seat: 1, turn: 5h}', '{seat: 1, pass: 5h}', '{seat: 2, pass: 5h}', '{seat: 0, take: 5h, melds: [[5c, 5d, 5h]], discard: Jc}',
       '{seat: 1, take: Jc, melds: [[Jc, Jh, Js]], discard: 6h}', '{seat: 2, pass: 6h}', '{seat: 0, pass: 6h}',
       '{seat: 2, turn: 5s}', '{seat: 2, pass: 5s}', '{seat: 0, pass: 5s}']
rec(F, 'na-force-wrong-seat', 'three-seat: seat 0 refuses 5s, which fits its set; only seat 0 may be forced now, but seat 2 forces seat 1.\n(the deal of legal/multi-seat.yaml#three-seat-force)',
    'three-seat', deal_yaml(T3, T3b), T3M + ['{seat: 2, force: 1}'], 11, 'not-allowed', note='seat 1 has not refused a card that fits')
rec(F, 'na-offer-empty-table', 'nine-card: seat 0 tries to force 5e by offer onto seat 1, which has no melds yet (nothing for it to fit).',
    'nine-card', deal_yaml(N, NS), NM[:4] + ['{seat: 0, force: 1}'], 5, 'not-allowed', note='seat 1 has an empty table')
rec(F, 'na-turn-before-swap', 'nine-card: play cannot start before the swap; seat 1 turns a card first.',
    'nine-card', deal_yaml(N, NS), ['{seat: 1, turn: 5e}'], 1, 'not-allowed', note='the swap comes first')
