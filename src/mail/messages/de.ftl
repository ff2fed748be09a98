# Die Nachrichten an die Spieler, auf Deutsch.

## Dates: a strftime pattern, the month names from the language's locale.
date-long = %-d. %B %Y

## The sides and the pieces.
side-white = Weiß
side-black = Schwarz
named = { $name } ({ $side })
piece = { $piece ->
    [pawn] Bauer
    [knight] Springer
    [bishop] Läufer
    [rook] Turm
    [queen] Dame
   *[king] König
}
piece-count = { $piece ->
    [pawn] { $count ->
        [one] ein Bauer
       *[other] { $count } Bauern
    }
    [knight] { $count ->
        [one] ein Springer
       *[other] { $count } Springer
    }
    [bishop] { $count ->
        [one] ein Läufer
       *[other] { $count } Läufer
    }
    [rook] { $count ->
        [one] ein Turm
       *[other] { $count } Türme
    }
    [queen] { $count ->
        [one] eine Dame
       *[other] { $count } Damen
    }
   *[king] { $count ->
        [one] ein König
       *[other] { $count } Könige
    }
}
list-and = { $rest } und { $last }

## The notice: greeting and what happened.
salutation = Guten Tag { $name },
with-time = { $what } ({ $at }).
without-time = { $what }.
headline-created = Eine neue Partie: { $white } gegen { $black }, Regeln { $rules }, Bedenkzeit { $control }
headline-moved = { $mover } spielte { $move }
headline-move-recorded = Ein Zug wurde eingetragen
headline-draw-offered = { $by } bietet Remis an
headline-draw-accepted = { $by } nimmt das Remisangebot von { $other } an: die Partie endet remis
headline-draw-declined = { $by } lehnt das Remisangebot von { $other } ab; die Partie geht weiter
headline-resigned = { $by } gibt auf
headline-adjudicated = Die Turnierleitung hat die Partie entschieden: { $outcome }, { $reason }
headline-leave = { $by } hat Urlaub vom { $from } bis zum { $to }: die Uhr von { $name } läuft an diesen Tagen nicht

## Whose move it is.
turn-yours = { $name }, Sie sind am Zug.
turn-yours-to-choose = { $name }, Sie sind an der Reihe.
turn-in-check = Sie stehen im Schach.
turn-waiting = Wir warten auf den Zug von { $name }.
state-over = Partie beendet: { $outcome }.
state-over-because = Partie beendet: { $outcome } ({ $reason }).
state-checkmate = Schachmatt: { $winner } gewinnt.
state-stalemate = Patt: die Partie endet remis.
state-in-check = { $side } am Zug, im Schach.
state-to-move = { $side } am Zug.

## The subject.
subject = Dynamo: { $white } – { $black }, { $what } — { $tail }
subject-check = (Schach)
subject-your-move = Sie sind am Zug
subject-to-move = { $name } am Zug
subject-game-over = Partie beendet, { $outcome }
summary-new-game = neue Partie
summary-move = Zug
summary-draw-offered = { $by } bietet Remis an
summary-draw-agreed = Remis vereinbart
summary-draw-declined = { $by } lehnt Remis ab
summary-resigned = { $by } gibt auf
summary-adjudicated = entschieden
summary-leave = { $by } im Urlaub vom { $from } bis zum { $to }
summary-chose = { $by } wählte { $piece ->
    [pawn] einen Bauern
    [knight] einen Springer
    [bishop] einen Läufer
    [rook] einen Turm
    [queen] eine Dame
   *[king] einen König
}

## The game's lines.
event-round = Runde { $round }
event-name = Turnier: { $event }
event-name-round = Turnier: { $event }, Runde { $round }
last-move = Letzter Zug: { $move } von { $name }, eingegangen { $at }
no-moves = Noch keine Züge.
result = Ergebnis: { $outcome } — { $reason }
leave-now = Urlaub: { $name } hat Urlaub bis zum { $to }; die Uhr von { $name } steht.
leave-coming = Urlaub: { $name } hat Urlaub vom { $from } bis zum { $to }; die Uhr von { $name } läuft an diesen Tagen nicht.
draw-standing = Remisangebot: { $by } hat Remis angeboten; das Angebot gilt, bis { $other } es annimmt, ablehnt oder zieht.
lost = Vom Brett: { $white }; { $black }.
lost-side = { $side }: { $what }
lost-nothing = keine Figur

## The plain-text copy's headings and signature.
how-to-reply = So antworten Sie
moves-heading = Züge:
moves-none = (keine)
fen-before = Stellung vor dem letzten Zug (Regel gegen die Zugrücknahme): { $fen }
signature = Gesendet von dynamo, dem Schiedsrichter für Dynamo-Schach.

## Ein gültiger Antwortcode von einer Adresse, die nicht die des Spielers ist.
stranger-note = Eine Mail mit dem Antwortcode Ihrer Benachrichtigung kam am { $at } von { $from }, die nicht Ihre Adresse für diese Partie ist: Es wurde nichts eingetragen, und der Absender erhält keine Antwort.
stranger-note-next = Falls Sie es waren, senden Sie Ihre Antwort noch einmal von dieser Adresse, oder bitten Sie den Turnierleiter, Ihre Adresse für Ihre Partien zu ändern.
