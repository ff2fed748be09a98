# Los mensajes a los jugadores, en español.

## Dates: a strftime pattern, the month names from the language's locale.
date-long = %-d de %B de %Y

## The sides and the pieces.
side-white = Blancas
side-black = Negras
named = { $name } ({ $side })
piece = { $piece ->
    [pawn] peón
    [knight] caballo
    [bishop] alfil
    [rook] torre
    [queen] dama
   *[king] rey
}
piece-count = { $piece ->
    [pawn] { $count ->
        [one] un peón
       *[other] { $count } peones
    }
    [knight] { $count ->
        [one] un caballo
       *[other] { $count } caballos
    }
    [bishop] { $count ->
        [one] un alfil
       *[other] { $count } alfiles
    }
    [rook] { $count ->
        [one] una torre
       *[other] { $count } torres
    }
    [queen] { $count ->
        [one] una dama
       *[other] { $count } damas
    }
   *[king] { $count ->
        [one] un rey
       *[other] { $count } reyes
    }
}
list-and = { $rest } y { $last }

## The notice: greeting and what happened.
salutation = Hola, { $name }:
with-time = { $what } ({ $at }).
without-time = { $what }.
headline-created = Nueva partida: { $white } contra { $black }, reglas { $rules }, ritmo de juego { $control }
headline-moved = { $mover } jugó { $move }
headline-move-recorded = Se registró una jugada
headline-draw-offered = { $by } ofrece tablas
headline-draw-accepted = { $by } acepta la oferta de tablas de { $other }: la partida termina en tablas
headline-draw-declined = { $by } rechaza la oferta de tablas de { $other }; la partida continúa
headline-resigned = { $by } abandona
headline-adjudicated = El director del torneo ha adjudicado la partida: { $outcome }, { $reason }
headline-leave = { $by } está de vacaciones del { $from } al { $to }: el reloj de { $name } no corre esos días

## Whose move it is.
turn-yours = { $name }, le toca jugar.
turn-yours-to-choose = { $name }, es su turno.
turn-in-check = Está en jaque.
turn-waiting = Esperando la jugada de { $name }.
state-over = Partida terminada: { $outcome }.
state-over-because = Partida terminada: { $outcome } ({ $reason }).
state-checkmate = Jaque mate: ganan las { $winner }.
state-stalemate = Rey ahogado: la partida termina en tablas.
state-in-check = Juegan las { $side }, en jaque.
state-to-move = Juegan las { $side }.

## The subject.
subject = Dynamo: { $white } – { $black }, { $what } — { $tail }
subject-check = (jaque)
subject-your-move = le toca jugar
subject-to-move = le toca a { $name }
subject-game-over = partida terminada, { $outcome }
summary-new-game = nueva partida
summary-move = jugada
summary-draw-offered = { $by } ofrece tablas
summary-draw-agreed = tablas acordadas
summary-draw-declined = { $by } rechaza las tablas
summary-resigned = { $by } abandona
summary-adjudicated = adjudicada
summary-leave = { $by } de vacaciones del { $from } al { $to }
summary-chose = { $by } eligió { $piece ->
    [pawn] un peón
    [knight] un caballo
    [bishop] un alfil
    [rook] una torre
    [queen] una dama
   *[king] un rey
}

## The game's lines.
event-round = Ronda { $round }
event-name = Torneo: { $event }
event-name-round = Torneo: { $event }, ronda { $round }
last-move = Última jugada: { $move } de { $name }, recibida el { $at }
no-moves = Aún no hay jugadas.
result = Resultado: { $outcome } — { $reason }
leave-now = Vacaciones: { $name } está de vacaciones hasta el { $to }; el reloj de { $name } está parado.
leave-coming = Vacaciones: { $name } estará de vacaciones del { $from } al { $to }; el reloj de { $name } no correrá esos días.
draw-standing = Oferta de tablas: { $by } ha ofrecido tablas; la oferta sigue en pie hasta que { $other } la acepte, la rechace o juegue.
lost = Fuera del tablero: { $white }; { $black }.
lost-side = { $side }: { $what }
lost-nothing = ninguna pieza

## The plain-text copy's headings and signature.
how-to-reply = Cómo responder
moves-heading = Jugadas:
moves-none = (ninguna)
fen-before = Posición antes de la última jugada (regla de no deshacer): { $fen }
signature = Enviado por dynamo, el árbitro de Ajedrez Dynamo.

## Un código de respuesta válido desde una dirección que no es la del jugador.
stranger-note = Un correo con el código de respuesta de su aviso llegó el { $at } desde { $from }, que no es su dirección para esta partida: no se registró nada, y el remitente no recibe respuesta.
stranger-note-next = Si fue usted, envíe de nuevo su respuesta desde esta dirección, o pida al árbitro que cambie su dirección para sus partidas.
## Durations, clocks and deadlines.
span-unit = { $unit ->
    [day] { $count ->
        [one] { $count } día
       *[other] { $count } días
    }
    [hour] { $count ->
        [one] { $count } hora
       *[other] { $count } horas
    }
    [minute] { $count ->
        [one] { $count } minuto
       *[other] { $count } minutos
    }
   *[second] { $count ->
        [one] { $count } segundo
       *[other] { $count } segundos
    }
}
clock-of = Reloj de { $named }: { $what }
clock-state = { $left }, { $state }
clock-left = tiempo restante { $time }
clock-over = { $time } por encima del límite de tiempo
clock-running = en marcha
clock-stopped = parado por vacaciones
clock-hand = { $time } para la próxima jugada, parado
clock-hand-over = { $time } por encima del límite de tiempo, parado (la próxima jugada de { $name } llegará fuera de plazo por pronto que llegue)
deadline-next = Próximo plazo: { $deadline }, para la jugada de { $name }
deadline-overdue = Plazo: vencido desde { $deadline }, para la jugada de { $name }

## A move after its deadline.
late-received = recibida { $by } después de su plazo, { $deadline }
late-move = Jugada fuera de plazo: la jugada { $move } de { $mover } fue { $late }; ritmo de juego { $control }: { $allows }.
late-claim = { $name } puede reclamar la partida por tiempo: el director del torneo puede adjudicarla como perdida por tiempo. Mientras el director no decida, la partida continúa.
move-number = jugada { $number }
allows-per-move = cada jugada en un plazo de { $time } desde la jugada del rival
allows-period = { $time } cada { $moves } jugadas, es decir, { $total } en total para las primeras { $upto } jugadas de un jugador

## The pieces the last move took off the board.
exits = Salieron del tablero: { $pieces }.
exit = { $piece ->
    [pawn] el peón { $color ->
        [white] blanco
       *[black] negro
    }
    [knight] el caballo { $color ->
        [white] blanco
       *[black] negro
    }
    [bishop] el alfil { $color ->
        [white] blanco
       *[black] negro
    }
    [rook] la torre { $color ->
        [white] blanca
       *[black] negra
    }
    [queen] la dama { $color ->
        [white] blanca
       *[black] negra
    }
   *[king] el rey { $color ->
        [white] blanco
       *[black] negro
    }
} desde { $from }

## A pawn awaiting its owner's choice.
choice-by-move = La jugada { $move } de { $name }
choice-by-last = La última jugada
choice-theirs = { $by } dejó el peón de { $name } en { $square }: { $name } elige en qué se convierte y luego juega.
choice-yours = { $by } llevó su peón a { $square }: elija en qué se convierte (dama, torre, alfil o caballo) y luego haga su jugada, en una sola respuesta ({ $example }) o primero la elección ({ $alone }) y la jugada después.
choice-example-none = =Q y su jugada
choice-last-rank = la última fila
headline-chose = { $by } eligió { $piece ->
    [pawn] un peón
    [knight] un caballo
    [bishop] un alfil
    [rook] una torre
    [queen] una dama
   *[king] un rey
} para el peón en { $square }

## The director's corrections.
correction-undone = El director del torneo anuló la jugada { $move } de { $by }
correction-header = El director del torneo corrigió la partida: { $changes }
correction-reason = { $what }. Motivo: { $reason }
summary-undone = { $move } anulada
summary-corrected = planilla corregida
change-address = la dirección de las { $side } ha cambiado
change-set = { $name } es ahora «{ $new }»
change-was = { $name } es ahora «{ $new }» (antes «{ $old }»)

## How to reply; the phrases stay as the reader of replies reads them.
phrases-offer = «{ $offer }» (sola o con su jugada), o «{ $resign }»
phrases-answer-offer = «{ $accept }» o «{ $decline }» ({ $opponent } ofrece tablas), o «{ $resign }»
phrases-resign = «{ $resign }»
reply-move = Responda con una jugada, sola o en una frase.
reply-move-example = Responda con una jugada, sola o en una frase, por ejemplo «{ $move }».
reply-move-examples = Responda con una jugada, sola o en una frase, por ejemplo «{ $move }» o «juego { $shove }».
reply-or = O escriba { $phrases }.
reply-later = Cuando { $opponent } haya jugado, responda a ese aviso con una jugada, sola o en una frase.
reply-meanwhile = Mientras tanto puede escribir { $phrases }.
replies-go = Las respuestas van a { $to }.
reply-none = La partida ha terminado: no hace falta responder.

## The HTML copy.
text-diagram = Diagrama de texto
board-alt = El tablero desde el lado de las { $side }. FEN: { $fen }

## Reminders of a deadline.
remind-subject = Dynamo: { $names } — recordatorio: { $what }
remind-overdue-subject = su plazo del { $deadline } ha vencido
remind-due-subject = su jugada vence el { $deadline }
remind-overdue = Su jugada contra { $opponent } debía llegar antes del { $deadline }, hace { $ago }, y no se ha registrado ninguna jugada{ $control }. { $opponent } puede reclamar la partida por tiempo: el director del torneo recibe copia de este recordatorio y puede adjudicarla como perdida por tiempo. Mientras el director no decida, la partida continúa y su jugada todavía se registra, como jugada fuera de plazo.
remind-control = { " " }(ritmo de juego { $control }: { $allows })
remind-due = Le recordamos que le toca jugar contra { $opponent }. Su plazo vence el { $deadline }, dentro de { $left }.
remind-last-move = Última jugada: { $move }
remind-reply = Responda al último aviso de la partida, o a este mensaje, con una jugada, sola o en una frase.

## Answers to a player's mail.
answer-signature = Enviado por dynamo, el árbitro de Ajedrez Dynamo: una respuesta automática a su mensaje.
answer-refused = Su mensaje del { $at } se ha leído, pero no se ha registrado nada:
answer-already = Su mensaje del { $at } se ha leído: ya está registrado como { $what } el { $when }. No se ha hecho nada más.
answer-too-large = Su mensaje del { $at } no se ha leído: supera los { $mb } MB, el máximo que lee el árbitro. Los adjuntos (una foto, un escaneo) hacen grande un mensaje.
answer-send-again = Envíe de nuevo su jugada respondiendo a este mensaje, sin adjuntos.
answer-cancelled = Su mensaje del { $at } se ha leído, pero no se ha registrado nada: el director del torneo ha anulado el grupo { $section }, cuyas partidas ya no se juegan.
answer-moved-on = Su mensaje del { $at } se ha leído, pero no se ha registrado nada: la partida ha avanzado desde el aviso al que respondió; responda al último aviso (o a este mensaje).
conditional-none-to-cancel = Su mensaje del { $at } se ha leído: no tenía jugadas condicionales que anular.
conditional-cancelled = Su mensaje del { $at } se ha leído: sus jugadas condicionales quedan anuladas; no se jugará ninguna:
conditional-stand = Su mensaje del { $at } se ha leído: sus jugadas condicionales quedan así. Cada respuesta se registra en cuanto se registra la jugada del rival que la precede; su rival nunca las ve.
