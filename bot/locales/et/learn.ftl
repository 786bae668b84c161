# Õpi mängima (/smear learn, /salad learn)
name-learn = õpi
cmd-smear-learn = Sinu esimene Smeari mäng: sina ja 2 arvutit, treener selgitab iga sammu
cmd-salad-learn = Sinu esimene Saladi mäng: sina ja 3 arvutit, treener selgitab iga sammu
option-learn = Õppimine: treener selgitab iga sammu sinu käe juures
learn-nobody = mitte keegi
learn-penalty = { $name } { $points }

learn-bid-open = 🎓 Pakkumine 2, 3 või 4 lubab nii mitu käe 4 punktist (Kõrge, Madal, Soldat, Mäng): kõrgeim pakkuja alustab ja valib trumbi ning kui ta saab vähem punkte, lahutatakse pakkumine tema skoorist (S10).
learn-bid-raise = 🎓 { $bid } on juba pakutud: paku { $lowest } või rohkem, et lubada nii mitu 4 punktist (Kõrge, Madal, Soldat, Mäng) ja valida trump ise, või passi (S1).
learn-bid-last = 🎓 Kõik teised passisid: paku { $lowest } või rohkem, et valida trump ja lubada nii mitu 4 punktist (Kõrge, Madal, Soldat, Mäng), või passi ja kaardid jagatakse uuesti (S2).
learn-bid-dealer-must = 🎓 Kõik teised passisid, seega pead jagajana pakkuma vähemalt { $lowest } ja lubama nii mitu 4 punktist (Kõrge, Madal, Soldat, Mäng) (S2).

learn-follow-or-trump = 🎓 Halle kaarte ei saa käia: sul on käidud masti { $led }, seega pead masti tunnistama või käima trumpi { $trump } (S4).
learn-follow-trump = 🎓 Halle kaarte ei saa käia: käidi trumpi { $suit } ja sul on trumpi, seega pead käima trumpi (S4).
learn-follow-suit = 🎓 Halle kaarte ei saa käia: sul on käidud masti { $led }, seega pead masti tunnistama (C3).

learn-highest-trump = 🎓 Tihi { $trick }: { $seat } võitis kaardiga { $card }, tihi kõrgeim trump ({ $trump }) (S5).
learn-only-trump = 🎓 Tihi { $trick }: { $seat } võitis kaardiga { $card }, tihi ainus trump ({ $trump }) (S5).
learn-highest-of-led-no-trump = 🎓 Tihi { $trick }: keegi ei käinud trumpi ({ $trump }), seega { $seat } võitis kaardiga { $card }, käidud masti ({ $led }) kõrgeimaga (S5).
learn-only-of-led-no-trump = 🎓 Tihi { $trick }: keegi teine ei tunnistanud masti { $led } ega käinud trumpi ({ $trump }), seega { $seat } võitis kaardiga { $card } (S5).
learn-highest-of-led = 🎓 Tihi { $trick }: { $seat } võitis kaardiga { $card }, käidud masti ({ $led }) kõrgeimaga (C3).
learn-only-of-led = 🎓 Tihi { $trick }: keegi teine ei tunnistanud masti { $led }, seega { $seat } võitis väljakäidud kaardiga { $card } (C3).

learn-made = 🎓 Käe punktid: Kõrge { $high }, Madal { $low }, Soldat { $jack }, Mäng { $game }; { $bidder } pakkus { $bid } ja sai { $points }, seega saab need kõik (S6-S9, S10).
learn-set = 🎓 Käe punktid: Kõrge { $high }, Madal { $low }, Soldat { $jack }, Mäng { $game }; { $bidder } pakkus { $bid }, kuid sai vaid { $points }, seega kaotab { $bid } (S6-S9, S10).
learn-passed-out = 🎓 Kõik passisid, seega { $seat } jagab uuesti (S2).
learn-penalties = 🎓 Käsi { $contract } ({ $name }) andis need trahvipunktid: { $list } (C5).
