# Vooru ülevaade (bot/render/review.py): jagatud kaardid, pakkumised, iga tihi ja miks selle
# võttis, ning kust iga punkt tuli. Samad sõnumid ja muutujad kui ingliskeelses failis.

hand-review-title = { $game } — voor { $hand }, ülevaade
hand-review-title-salad = { $game } — voor { $hand }/6 ({ $contract }), ülevaade
hand-review-seat = Koht { $n }
hand-review-dealer = Jagaja: { $name }
hand-review-penalty = Trahv selles voorus: { $penalty }
hand-review-dealt = Jagatud kaardid
hand-review-bidding = Pakkumised
hand-review-bids = Pakkumised: { $bids }
hand-review-no-turn = Pärast pakkumist 4 kord ei tulnud: { $names }
hand-review-tricks = Tihid
hand-review-trick = { $n }. { $cards } → { $name }: { $why }
hand-review-trick-column = #
hand-review-not-played = Käimata, sest voor lõppes varem: { $cards }
hand-review-points = Punktid
hand-review-penalties = Trahvid
hand-review-point-high = Kõrge
hand-review-point-low = Madal
hand-review-point-jack = Soldat
hand-review-point-game = Mäng
hand-review-game-counts = Silmad Mängu jaoks: { $counts }
hand-review-scores = Punktid: { $scores }
hand-review-score = { $name } { $before } → { $after }
hand-review-penalty-line = { $name }: { $points } — { $items }
hand-review-penalty-none = { $name }: 0
hand-review-rule = { $text } (reegel { $rule })

## Miks tihi võideti, lühidalt (tihide loetelu)

hand-review-why-highest-trump = kõrgeim trump
hand-review-why-only-trump = ainus trump
hand-review-why-highest-of-led = kõrgeim { $led }
hand-review-why-only-of-led = ainus { $led }
hand-review-why-highest-of-led-no-trump = kõrgeim { $led }, trumpi pole
hand-review-why-only-of-led-no-trump = ainus { $led }, trumpi pole

## Miks, täielikult (punktid ja treener)

hand-review-reason-highest-trump = { $card } on tihi kõrgeim trump ({ $trump })
hand-review-reason-only-trump = { $card } on tihi ainus trump ({ $trump })
hand-review-reason-highest-of-led = { $card } on väljakäidud masti ({ $led }) kõrgeim kaart
hand-review-reason-only-of-led = keegi teine ei tunnistanud masti { $led }, seega võidab { $card }
hand-review-reason-highest-of-led-no-trump = keegi ei käinud trumpi ({ $trump }) ja { $card } on väljakäidud masti ({ $led }) kõrgeim kaart
hand-review-reason-only-of-led-no-trump = keegi teine ei tunnistanud masti { $led } ega käinud trumpi ({ $trump }), seega võidab { $card }
hand-review-reason-highest-bid = { $seat } tegi kõrgeima pakkumise, { $bid }, ja on pakkuja
hand-review-reason-bid-four = { $seat } pakkus 4, mis lõpetab pakkumisvooru kohe
hand-review-reason-dealer-stuck = kõik teised passisid, seega pidi jagaja { $seat } pakkuma: { $bid }
hand-review-reason-passed-out = kõik passisid: { $seat } segab ja jagab uuesti
hand-review-reason-trump-named = { $seat } käis esimesena välja { $card }, seega on trump { $suit }
hand-review-reason-high = { $seat } käis { $card }, kõrgeima jagatud trumbi
hand-review-reason-high-and-low = { $seat } käis { $card }, ainsa jagatud trumbi: see on nii Kõrge kui ka Madal
hand-review-reason-low = { $seat } käis { $card }, madalaima jagatud trumbi
hand-review-reason-low-not-taker = { $seat } käis { $card }, madalaima jagatud trumbi: Madal läheb selle käijale, mitte tihi võtjale ({ $winner })
hand-review-reason-jack-kept = { $seat } käis { $card } ja võttis selle tihi ({ $trick })
hand-review-reason-jack-captured = { $seat } võttis tihi { $trick }, kuhu { $owner } käis { $card }
hand-review-reason-jack-not-dealt = mitte keegi: { $card } jäi jagamata
hand-review-reason-game-highest = { $seat } sai kõige rohkem silmi, { $count } (järgmine: { $next })
hand-review-reason-game-tie = mitte keegi: kõige rohkem silmi, { $count }, on viigis
hand-review-reason-made = { $seat } pakkus { $bid } ja sai { $points ->
    [one] 1 punkti
   *[other] { $points } punkti
}: pakkumine täitus ja iga punkt loeb
hand-review-reason-set = { $seat } pakkus { $bid }, aga sai { $points ->
    [0] 0 punkti
    [one] ainult 1 punkti
   *[other] ainult { $points } punkti
}: jäi alla ja kaotab { $bid }
hand-review-reason-won-target = { $seat } täitis pakkumise ja jõudis { $score } punktini (eesmärk on { $target }): mäng võidetud
hand-review-reason-won-four = { $seat } täitis pakkumise 4, kui tal oli enne vooru { $before ->
    [one] 1 punkt
   *[other] { $before } punkti
}: mäng võidetud
hand-review-reason-trick-taken = { $seat } võttis tihi { $trick }
hand-review-reason-heart-taken = { $seat } võttis { $card } tihiga { $trick }
hand-review-reason-queen-taken = { $seat } võttis { $card } tihiga { $trick }
hand-review-reason-king-of-spades-taken = { $seat } võttis { $card } tihiga { $trick }
hand-review-reason-last-trick-taken = { $seat } võttis viimase tihi ({ $trick })
hand-review-reason-ended-early = kõik trahvikaardid olid tihiks { $trick } võetud, seega voor lõppes seal

## Mängija trahvid kokkuvõttes (Salad)

hand-review-sum-trick-taken = { $count ->
    [one] tihi { $tricks }
   *[other] tihid { $tricks }
} ({ $points })
hand-review-sum-heart-taken = { $count ->
    [one] 1 ärtu
   *[other] { $count } ärtut
} { $cards } ({ $points })
hand-review-sum-queen-taken = { $count ->
    [one] 1 emand
   *[other] { $count } emandat
} { $cards } ({ $points })
hand-review-sum-king-of-spades-taken = poti kuningas { $cards } ({ $points })
hand-review-sum-last-trick-taken = viimane tihi ({ $points })

## Mängu voorude menüü

hand-review-choose = Vaata voor üle…
hand-review-option-smear = Voor { $hand }: { $name } pakkus { $bid }, { $made ->
    [yes] täitis
   *[no] jäi alla
}
hand-review-option-passed = Voor { $hand }: kõik passisid
hand-review-option-salad = Voor { $hand }: { $contract }
