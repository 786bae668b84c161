# Opettele pelaamaan (/smear learn, /salad learn)
name-learn = opettele
cmd-smear-learn = Ensimmäinen Smear-pelisi: sinä ja 2 tietokonetta, valmentaja selittää joka vaiheen
cmd-salad-learn = Ensimmäinen Salad-pelisi: sinä ja 3 tietokonetta, valmentaja selittää joka vaiheen
option-learn = Opettelu: valmentaja selittää joka vaiheen kädessäsi
learn-nobody = ei kukaan
learn-penalty = { $name } { $points }

learn-bid-open = 🎓 Tarjous 2, 3 tai 4 lupaa niin monta käden 4 pisteestä (Korkea, Matala, Jätkä, Peli): suurin tarjoaja aloittaa ja valitsee valtin, ja jos hän saa vähemmän pisteitä, tarjous vähennetään hänen pisteistään (S10).
learn-bid-raise = 🎓 { $bid } on jo tarjottu: tarjoa { $lowest } tai enemmän luvataksesi niin monta 4 pisteestä (Korkea, Matala, Jätkä, Peli) ja valitaksesi valtin itse, tai passaa (S1).
learn-bid-last = 🎓 Kaikki muut passasivat: tarjoa { $lowest } tai enemmän valitaksesi valtin ja luvataksesi niin monta 4 pisteestä (Korkea, Matala, Jätkä, Peli), tai passaa, jolloin jaetaan uudelleen (S2).
learn-bid-dealer-must = 🎓 Kaikki muut passasivat, joten jakajana sinun on tarjottava vähintään { $lowest } ja luvattava niin monta 4 pisteestä (Korkea, Matala, Jätkä, Peli) (S2).

learn-follow-or-trump = 🎓 Harmaita kortteja ei voi pelata: sinulla on avattua maata { $led }, joten sinun on tunnustettava maata tai pelattava valttia { $trump } (S4).
learn-follow-trump = 🎓 Harmaita kortteja ei voi pelata: valtti { $suit } avattiin ja sinulla on valttia, joten sinun on pelattava valttia (S4).
learn-follow-suit = 🎓 Harmaita kortteja ei voi pelata: sinulla on avattua maata { $led }, joten sinun on tunnustettava maata (C3).

learn-highest-trump = 🎓 Tikki { $trick }: { $seat } voitti kortilla { $card }, tikin suurin valtti ({ $trump }) (S5).
learn-only-trump = 🎓 Tikki { $trick }: { $seat } voitti kortilla { $card }, tikin ainoa valtti ({ $trump }) (S5).
learn-highest-of-led-no-trump = 🎓 Tikki { $trick }: kukaan ei pelannut valttia ({ $trump }), joten { $seat } voitti kortilla { $card }, avatun maan ({ $led }) suurimmalla (S5).
learn-only-of-led-no-trump = 🎓 Tikki { $trick }: kukaan muu ei tunnustanut maata { $led } eikä pelannut valttia ({ $trump }), joten { $seat } voitti kortilla { $card } (S5).
learn-highest-of-led = 🎓 Tikki { $trick }: { $seat } voitti kortilla { $card }, avatun maan ({ $led }) suurimmalla (C3).
learn-only-of-led = 🎓 Tikki { $trick }: kukaan muu ei tunnustanut maata { $led }, joten { $seat } voitti avauskortilla { $card } (C3).

learn-made = 🎓 Käden pisteet: Korkea { $high }, Matala { $low }, Jätkä { $jack }, Peli { $game }; { $bidder } tarjosi { $bid } ja sai { $points }, joten saa ne kaikki (S6-S9, S10).
learn-set = 🎓 Käden pisteet: Korkea { $high }, Matala { $low }, Jätkä { $jack }, Peli { $game }; { $bidder } tarjosi { $bid } mutta sai vain { $points }, joten menettää { $bid } (S6-S9, S10).
learn-passed-out = 🎓 Kaikki passasivat, joten { $seat } jakaa uudelleen (S2).
learn-penalties = 🎓 Käsi { $contract } ({ $name }) antoi nämä sakkopisteet: { $list } (C5).
