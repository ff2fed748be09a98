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
## Durations, clocks and deadlines.
span-unit = { $unit ->
    [day] { $count ->
        [one] { $count } Tag
       *[other] { $count } Tage
    }
    [hour] { $count ->
        [one] { $count } Stunde
       *[other] { $count } Stunden
    }
    [minute] { $count ->
        [one] { $count } Minute
       *[other] { $count } Minuten
    }
   *[second] { $count ->
        [one] { $count } Sekunde
       *[other] { $count } Sekunden
    }
}
clock-of = Uhr von { $named }: { $what }
clock-state = { $left }, { $state }
clock-left = noch { $time }
clock-over = { $time } über der Bedenkzeit
clock-running = läuft
clock-stopped = steht wegen Urlaub
clock-hand = { $time } für den nächsten Zug, steht
clock-hand-over = { $time } über der Bedenkzeit, steht (der nächste Zug von { $name } kommt zu spät, wie früh er auch eintrifft)
deadline-next = Nächste Frist: { $deadline }, für den Zug von { $name }
deadline-overdue = Frist: überschritten seit { $deadline }, für den Zug von { $name }

## A move after its deadline.
late-received = { $by } nach Ablauf der Frist ({ $deadline }) eingegangen
late-move = Verspäteter Zug: der Zug { $move } von { $mover } ist { $late }; Bedenkzeit { $control }: { $allows }.
late-claim = { $name } kann die Partie wegen Zeitüberschreitung reklamieren: die Turnierleitung kann sie als durch Zeitüberschreitung verloren werten. Bis die Turnierleitung entscheidet, läuft die Partie weiter.
move-number = Zug { $number }
allows-per-move = für jeden Zug { $time } ab dem Zug des Gegners
allows-period = { $time } für je { $moves } Züge, also { $total } insgesamt für die ersten { $upto } Züge eines Spielers

## The pieces the last move took off the board.
exits = Vom Brett gegangen: { $pieces }.
exit = { $piece ->
    [pawn] der { $color ->
        [white] weiße
       *[black] schwarze
    } Bauer
    [knight] der { $color ->
        [white] weiße
       *[black] schwarze
    } Springer
    [bishop] der { $color ->
        [white] weiße
       *[black] schwarze
    } Läufer
    [rook] der { $color ->
        [white] weiße
       *[black] schwarze
    } Turm
    [queen] die { $color ->
        [white] weiße
       *[black] schwarze
    } Dame
   *[king] der { $color ->
        [white] weiße
       *[black] schwarze
    } König
} von { $from }

## A pawn awaiting its owner's choice.
choice-by-move = Der Zug { $move } von { $name }
choice-by-last = Der letzte Zug
choice-theirs = { $by } hat den Bauern von { $name } auf { $square } stehen lassen: { $name } wählt, was aus ihm wird, und zieht dann.
choice-yours = { $by } hat Ihren Bauern nach { $square } gebracht: wählen Sie, was aus ihm wird (Dame, Turm, Läufer oder Springer), und ziehen Sie dann, in einer einzigen Antwort ({ $example }) oder zuerst die Wahl ({ $alone }) und den Zug später.
choice-example-none = =Q und Ihr Zug
choice-last-rank = der letzten Reihe
headline-chose = { $by } hat { $piece ->
    [pawn] einen Bauern
    [knight] einen Springer
    [bishop] einen Läufer
    [rook] einen Turm
    [queen] eine Dame
   *[king] einen König
} für den Bauern auf { $square } gewählt

## The director's corrections.
correction-undone = Die Turnierleitung hat { $move } von { $by } zurückgenommen
correction-header = Die Turnierleitung hat die Partie berichtigt: { $changes }
correction-reason = { $what }. Grund: { $reason }
summary-undone = { $move } zurückgenommen
summary-corrected = Partieformular berichtigt
change-address = die Adresse von { $side } wurde geändert
change-set = { $name } ist jetzt „{ $new }“
change-was = { $name } ist jetzt „{ $new }“ (vorher „{ $old }“)

## How to reply; the phrases stay as the reader of replies reads them.
phrases-offer = „{ $offer }“ (allein oder mit Ihrem Zug) oder „{ $resign }“
phrases-answer-offer = „{ $accept }“ oder „{ $decline }“ ({ $opponent } bietet Remis an) oder „{ $resign }“
phrases-resign = „{ $resign }“
reply-move = Antworten Sie mit einem Zug, allein oder in einem Satz.
reply-move-example = Antworten Sie mit einem Zug, allein oder in einem Satz, zum Beispiel „{ $move }“.
reply-move-examples = Antworten Sie mit einem Zug, allein oder in einem Satz, zum Beispiel „{ $move }“ oder „ich spiele { $shove }“.
reply-or = Oder schreiben Sie { $phrases }.
reply-later = Sobald { $opponent } gezogen hat, antworten Sie auf jene Mitteilung mit einem Zug, allein oder in einem Satz.
reply-meanwhile = Bis dahin können Sie { $phrases } schreiben.
replies-go = Antworten gehen an { $to }.
reply-none = Die Partie ist beendet: eine Antwort ist nicht nötig.

## The HTML copy.
text-diagram = Textdiagramm
board-alt = Das Brett aus der Sicht von { $side }. FEN: { $fen }

## Reminders of a deadline.
remind-subject = Dynamo: { $names } — Erinnerung: { $what }
remind-overdue-subject = Ihre Frist { $deadline } ist abgelaufen
remind-due-subject = Ihr Zug ist bis { $deadline } fällig
remind-overdue = Ihr Zug gegen { $opponent } war bis { $deadline } fällig; die Frist ist um { $ago } überschritten, und es wurde kein Zug erfasst{ $control }. { $opponent } kann die Partie wegen Zeitüberschreitung reklamieren: die Turnierleitung erhält eine Kopie dieser Erinnerung und kann die Partie als durch Zeitüberschreitung verloren werten. Bis die Turnierleitung entscheidet, läuft die Partie weiter, und Ihr Zug wird weiterhin erfasst, als verspäteter Zug.
remind-control = { " " }(Bedenkzeit { $control }: { $allows })
remind-due = wir erinnern Sie daran, dass Sie gegen { $opponent } am Zug sind. Ihre Frist endet { $deadline }; verbleibende Zeit: { $left }.
remind-last-move = Letzter Zug: { $move }
remind-reply = Antworten Sie auf die letzte Mitteilung der Partie oder auf diese Nachricht mit einem Zug, allein oder in einem Satz.

## Answers to a player's mail.
answer-signature = Gesendet von dynamo, dem Schiedsrichter für Dynamo-Schach: eine automatische Antwort auf Ihre Nachricht.
answer-refused = Ihre Nachricht vom { $at } wurde gelesen, aber nichts wurde erfasst:
answer-already = Ihre Nachricht vom { $at } wurde gelesen: sie ist bereits als { $what } am { $when } erfasst. Sonst wurde nichts getan.
answer-too-large = Ihre Nachricht vom { $at } wurde nicht gelesen: sie ist größer als { $mb } MB, das Höchstmaß, das der Schiedsrichter liest. Anhänge (ein Foto, ein Scan) machen eine Nachricht groß.
answer-send-again = Senden Sie Ihren Zug noch einmal als Antwort auf diese Nachricht, ohne Anhänge.
answer-cancelled = Ihre Nachricht vom { $at } wurde gelesen, aber nichts wurde erfasst: die Turnierleitung hat die Gruppe { $section } abgesagt, ihre Partien werden nicht mehr gespielt.
answer-moved-on = Ihre Nachricht vom { $at } wurde gelesen, aber nichts wurde erfasst: die Partie ist seit der Mitteilung, auf die Sie geantwortet haben, weitergegangen; antworten Sie auf die letzte Mitteilung (oder auf diese Nachricht).
conditional-none-to-cancel = Ihre Nachricht vom { $at } wurde gelesen: Sie hatten keine bedingten Züge zu streichen.
conditional-cancelled = Ihre Nachricht vom { $at } wurde gelesen: Ihre bedingten Züge sind gestrichen; keiner wird gespielt:
conditional-stand = Ihre Nachricht vom { $at } wurde gelesen: Ihre bedingten Züge lauten jetzt wie folgt. Jede Antwort wird erfasst, sobald der Zug des Gegners davor erfasst ist; Ihr Gegner sieht sie nie.
