# Jaon läpikäynti (bot/render/review.py): jaetut kortit, tarjoukset, jokainen tikki ja miksi sen
# voitti, ja mistä jokainen piste tuli. Samat viestit ja muuttujat kuin englanninkielisessä.

hand-review-title = { $game } — jako { $hand }, läpikäynti
hand-review-title-salad = { $game } — jako { $hand }/6 ({ $contract }), läpikäynti
hand-review-seat = Paikka { $n }
hand-review-dealer = Jakaja: { $name }
hand-review-penalty = Sakkopisteet tässä jaossa: { $penalty }
hand-review-dealt = Jaetut kortit
hand-review-bidding = Tarjoukset
hand-review-bids = Tarjoukset: { $bids }
hand-review-no-turn = Ei vuoroa tarjouksen 4 jälkeen: { $names }
hand-review-tricks = Tikit
hand-review-trick = { $n }. { $cards } → { $name }: { $why }
hand-review-trick-column = #
hand-review-not-played = Pelaamatta, koska jako päättyi kesken: { $cards }
hand-review-points = Pisteet
hand-review-penalties = Sakkopisteet
hand-review-point-high = Korkea
hand-review-point-low = Matala
hand-review-point-jack = Jätkä
hand-review-point-game = Peli
hand-review-game-counts = Korttipisteet Peliä varten: { $counts }
hand-review-scores = Pisteet: { $scores }
hand-review-score = { $name } { $before } → { $after }
hand-review-penalty-line = { $name }: { $points } — { $items }
hand-review-penalty-none = { $name }: 0
hand-review-rule = { $text } (sääntö { $rule })

## Miksi tikki voitettiin, lyhyesti (tikkien luettelo)

hand-review-why-highest-trump = suurin valtti
hand-review-why-only-trump = ainoa valtti
hand-review-why-highest-of-led = suurin { $led }
hand-review-why-only-of-led = ainoa { $led }
hand-review-why-highest-of-led-no-trump = suurin { $led }, ei valttia
hand-review-why-only-of-led-no-trump = ainoa { $led }, ei valttia

## Miksi, kokonaan (pisteet ja valmentaja)

hand-review-reason-highest-trump = { $card } on tikin suurin valtti ({ $trump })
hand-review-reason-only-trump = { $card } on tikin ainoa valtti ({ $trump })
hand-review-reason-highest-of-led = { $card } on aloitetun värin ({ $led }) suurin kortti
hand-review-reason-only-of-led = kukaan muu ei tunnustanut väriä { $led }, joten { $card } voittaa
hand-review-reason-highest-of-led-no-trump = kukaan ei pelannut valttia ({ $trump }), ja { $card } on aloitetun värin ({ $led }) suurin kortti
hand-review-reason-only-of-led-no-trump = kukaan muu ei tunnustanut väriä { $led } eikä pelannut valttia ({ $trump }), joten { $card } voittaa
hand-review-reason-highest-bid = { $seat } teki suurimman tarjouksen, { $bid }, ja on tarjoaja
hand-review-reason-bid-four = { $seat } tarjosi 4, mikä päättää tarjouskierroksen heti
hand-review-reason-dealer-stuck = kaikki muut passasivat, joten jakaja { $seat } joutui tarjoamaan: { $bid }
hand-review-reason-passed-out = kaikki passasivat: { $seat } sekoittaa ja jakaa uudelleen
hand-review-reason-trump-named = { $seat } pelasi ensimmäiseksi kortin { $card }, joten { $suit } on valtti
hand-review-reason-high = { $seat } pelasi kortin { $card }, suurimman jaetun valtin
hand-review-reason-high-and-low = { $seat } pelasi kortin { $card }, ainoan jaetun valtin: se on sekä Korkea että Matala
hand-review-reason-low = { $seat } pelasi kortin { $card }, pienimmän jaetun valtin
hand-review-reason-low-not-taker = { $seat } pelasi kortin { $card }, pienimmän jaetun valtin: Matala kuuluu sen pelaajalle, ei tikin voittajalle ({ $winner })
hand-review-reason-jack-kept = { $seat } pelasi kortin { $card } ja voitti sen tikin ({ $trick })
hand-review-reason-jack-captured = { $seat } voitti tikin { $trick }, jossa { $owner } pelasi kortin { $card }
hand-review-reason-jack-not-dealt = ei kukaan: korttia { $card } ei jaettu
hand-review-reason-game-highest = { $seat } sai eniten korttipisteitä, { $count } (seuraavaksi eniten: { $next })
hand-review-reason-game-tie = ei kukaan: eniten korttipisteitä, { $count }, on tasan
hand-review-reason-made = { $seat } tarjosi { $bid } ja sai { $points ->
    [one] 1 pisteen
   *[other] { $points } pistettä
}: tarjous piti, ja jokainen piste lasketaan
hand-review-reason-set = { $seat } tarjosi { $bid } mutta sai { $points ->
    [0] 0 pistettä
    [one] vain 1 pisteen
   *[other] vain { $points } pistettä
}: jäi vajaaksi ja menettää { $bid }
hand-review-reason-won-target = { $seat } piti tarjouksensa ja ylsi { $score } pisteeseen (tavoite on { $target }): peli voitettu
hand-review-reason-won-four = { $seat } piti tarjouksen 4, kun pisteitä oli ennen jakoa { $before }: peli voitettu
hand-review-reason-trick-taken = { $seat } otti tikin { $trick }
hand-review-reason-heart-taken = { $seat } otti kortin { $card } tikissä { $trick }
hand-review-reason-queen-taken = { $seat } otti kortin { $card } tikissä { $trick }
hand-review-reason-king-of-spades-taken = { $seat } otti kortin { $card } tikissä { $trick }
hand-review-reason-last-trick-taken = { $seat } otti viimeisen tikin ({ $trick })
hand-review-reason-ended-early = kaikki sakkokortit oli otettu tikkiin { $trick } mennessä, joten jako päättyi siihen

## Pelaajan sakkopisteet koottuna (Salad)

hand-review-sum-trick-taken = { $count ->
    [one] tikki { $tricks }
   *[other] tikit { $tricks }
} ({ $points })
hand-review-sum-heart-taken = { $count ->
    [one] 1 hertta
   *[other] { $count } herttaa
} { $cards } ({ $points })
hand-review-sum-queen-taken = { $count ->
    [one] 1 rouva
   *[other] { $count } rouvaa
} { $cards } ({ $points })
hand-review-sum-king-of-spades-taken = patakuningas { $cards } ({ $points })
hand-review-sum-last-trick-taken = viimeinen tikki ({ $points })

## Pelin jakojen valikko

hand-review-choose = Käy läpi jako…
hand-review-option-smear = Jako { $hand }: { $name } tarjosi { $bid }, { $made ->
    [yes] piti
   *[no] jäi vajaaksi
}
hand-review-option-passed = Jako { $hand }: kaikki passasivat
hand-review-option-salad = Jako { $hand }: { $contract }
