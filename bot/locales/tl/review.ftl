# Pagsusuri ng isang round (bot/render/review.py): ang mga barahang na-deal, ang bidding, bawat
# trick at kung bakit ito nakuha, at kung saan galing ang bawat puntos. Pareho ang mga mensahe at
# variable sa Ingles.

hand-review-title = { $game } — round { $hand }, sinuri
hand-review-title-salad = { $game } — round { $hand } ng 6 ({ $contract }), sinuri
hand-review-seat = Upuan { $n }
hand-review-dealer = Dealer: { $name }
hand-review-penalty = Multa sa round na ito: { $penalty }
hand-review-dealt = Mga barahang na-deal
hand-review-bidding = Bidding
hand-review-bids = Mga bid: { $bids }
hand-review-no-turn = Walang turno pagkatapos ng 4: { $names }
hand-review-tricks = Mga trick
hand-review-trick = { $n }. { $cards } → { $name }: { $why }
hand-review-trick-column = #
hand-review-not-played = Hindi na nilaro, maagang natapos ang round: { $cards }
hand-review-points = Puntos
hand-review-penalties = Multa
hand-review-point-high = Mataas
hand-review-point-low = Mababa
hand-review-point-jack = Jack
hand-review-point-game = Laro
hand-review-game-counts = Bilang para sa Laro: { $counts }
hand-review-scores = Iskor: { $scores }
hand-review-score = { $name } { $before } → { $after }
hand-review-penalty-line = { $name }: { $points } — { $items }
hand-review-penalty-none = { $name }: 0
hand-review-rule = { $text } (tuntunin { $rule })

## Kung bakit nakuha ang trick, maikli (ang listahan ng mga trick)

hand-review-why-highest-trump = pinakamataas na trump
hand-review-why-only-trump = tanging trump
hand-review-why-highest-of-led = pinakamataas na { $led }
hand-review-why-only-of-led = tanging { $led }
hand-review-why-highest-of-led-no-trump = pinakamataas na { $led }, walang trump
hand-review-why-only-of-led-no-trump = tanging { $led }, walang trump

## Kung bakit, buo (ang puntos, at ang coach)

hand-review-reason-highest-trump = { $card } ang pinakamataas na trump ({ $trump }) sa trick
hand-review-reason-only-trump = { $card } ang tanging trump ({ $trump }) sa trick
hand-review-reason-highest-of-led = { $card } ang pinakamataas na baraha ng suit na inilabas ({ $led })
hand-review-reason-only-of-led = walang ibang sumunod sa { $led }, kaya panalo ang { $card }
hand-review-reason-highest-of-led-no-trump = walang tumira ng trump ({ $trump }), at { $card } ang pinakamataas na baraha ng suit na inilabas ({ $led })
hand-review-reason-only-of-led-no-trump = walang ibang sumunod sa { $led } o tumira ng trump ({ $trump }), kaya panalo ang { $card }
hand-review-reason-highest-bid = si { $seat } ang may pinakamataas na bid, { $bid }, kaya siya ang bidder
hand-review-reason-bid-four = nag-bid si { $seat } ng 4, na agad tumatapos sa bidding
hand-review-reason-dealer-stuck = pumasa ang lahat ng iba, kaya kinailangang mag-bid ng dealer na si { $seat }: { $bid }
hand-review-reason-passed-out = pumasa ang lahat: magbabalasa at magdi-deal ulit si { $seat }
hand-review-reason-trump-named = unang inilabas ni { $seat } ang { $card }, kaya { $suit } ang trump
hand-review-reason-high = tinira ni { $seat } ang { $card }, ang pinakamataas na trump na na-deal
hand-review-reason-high-and-low = tinira ni { $seat } ang { $card }, ang tanging trump na na-deal: Mataas at Mababa ito pareho
hand-review-reason-low = tinira ni { $seat } ang { $card }, ang pinakamababang trump na na-deal
hand-review-reason-low-not-taker = tinira ni { $seat } ang { $card }, ang pinakamababang trump na na-deal: napupunta ang Mababa sa tumira nito, hindi sa nakakuha ng trick ({ $winner })
hand-review-reason-jack-kept = tinira ni { $seat } ang { $card } at nakuha niya ang trick nito ({ $trick })
hand-review-reason-jack-captured = nakuha ni { $seat } ang trick { $trick }, kung saan tinira ni { $owner } ang { $card }
hand-review-reason-jack-not-dealt = wala: hindi na-deal ang { $card }
hand-review-reason-game-highest = si { $seat } ang may pinakamalaking bilang, { $count } (sumunod: { $next })
hand-review-reason-game-tie = wala: tabla ang pinakamalaking bilang, { $count }
hand-review-reason-made = nag-bid si { $seat } ng { $bid } at nakakuha ng { $points } puntos: natupad, at bilang ang bawat puntos
hand-review-reason-set = nag-bid si { $seat } ng { $bid } pero { $points } puntos lang ang nakuha: kinapos, at mababawasan ng { $bid }
hand-review-reason-won-target = natupad ni { $seat } ang bid at umabot sa { $score } (ang target ay { $target }): panalo sa laro
hand-review-reason-won-four = natupad ni { $seat } ang bid na 4 na may { $before } puntos bago ang round: panalo sa laro
hand-review-reason-trick-taken = nakuha ni { $seat } ang trick { $trick }
hand-review-reason-heart-taken = nakuha ni { $seat } ang { $card } sa trick { $trick }
hand-review-reason-queen-taken = nakuha ni { $seat } ang { $card } sa trick { $trick }
hand-review-reason-king-of-spades-taken = nakuha ni { $seat } ang { $card } sa trick { $trick }
hand-review-reason-last-trick-taken = nakuha ni { $seat } ang huling trick ({ $trick })
hand-review-reason-ended-early = nakuha na ang lahat ng barahang may multa pagsapit ng trick { $trick }, kaya doon na natapos ang round

## Ang mga multa ng isang manlalaro, buod (Salad)

hand-review-sum-trick-taken = trick { $tricks } ({ $points })
hand-review-sum-heart-taken = { $count } puso { $cards } ({ $points })
hand-review-sum-queen-taken = { $count } reyna { $cards } ({ $points })
hand-review-sum-king-of-spades-taken = hari ng ispada { $cards } ({ $points })
hand-review-sum-last-trick-taken = huling trick ({ $points })

## Ang menu ng mga round ng laro

hand-review-choose = Suriin ang isang round…
hand-review-option-smear = Round { $hand }: nag-bid si { $name } ng { $bid }, { $made ->
    [yes] natupad
   *[no] kinapos
}
hand-review-option-passed = Round { $hand }: pumasa ang lahat
hand-review-option-salad = Round { $hand }: { $contract }
