# The messages a player receives, in English: the reference every other
# language's file follows, message for message, placeable for placeable.

## Dates: a strftime pattern, the month names from the language's locale.
date-long = %-d %B %Y

## The sides and the pieces.
side-white = White
side-black = Black
named = { $name } ({ $side })
piece = { $piece ->
    [pawn] pawn
    [knight] knight
    [bishop] bishop
    [rook] rook
    [queen] queen
   *[king] king
}
piece-count = { $piece ->
    [pawn] { $count ->
        [one] a pawn
       *[other] { $count } pawns
    }
    [knight] { $count ->
        [one] a knight
       *[other] { $count } knights
    }
    [bishop] { $count ->
        [one] a bishop
       *[other] { $count } bishops
    }
    [rook] { $count ->
        [one] a rook
       *[other] { $count } rooks
    }
    [queen] { $count ->
        [one] a queen
       *[other] { $count } queens
    }
   *[king] { $count ->
        [one] a king
       *[other] { $count } kings
    }
}
list-and = { $rest } and { $last }

## The notice: greeting and what happened.
salutation = Dear { $name },
with-time = { $what } ({ $at }).
without-time = { $what }.
headline-created = A new game: { $white } against { $black }, rules { $rules }, time control { $control }
headline-moved = { $mover } played { $move }
headline-move-recorded = A move was recorded
headline-draw-offered = { $by } offers a draw
headline-draw-accepted = { $by } accepts { $other }'s draw offer: the game is drawn
headline-draw-declined = { $by } declines { $other }'s draw offer; the game goes on
headline-resigned = { $by } resigns
headline-adjudicated = The director has decided the game: { $outcome }, { $reason }
headline-leave = { $by } is on leave from { $from } to { $to }: { $name }'s clock does not run on those days

## Whose move it is.
turn-yours = { $name }, it is your move.
turn-yours-to-choose = { $name }, it is your turn.
turn-in-check = You are in check.
turn-waiting = Waiting for { $name }'s move.
state-over = Game over: { $outcome }.
state-over-because = Game over: { $outcome } ({ $reason }).
state-checkmate = Checkmate: { $winner } wins.
state-stalemate = Stalemate: the game is drawn.
state-in-check = { $side } to move, in check.
state-to-move = { $side } to move.

## The subject.
subject = Dynamo: { $white } – { $black }, { $what } — { $tail }
subject-check = (check)
subject-your-move = your move
subject-to-move = { $name } to move
subject-game-over = game over, { $outcome }
summary-new-game = new game
summary-move = move
summary-draw-offered = { $by } offers a draw
summary-draw-agreed = draw agreed
summary-draw-declined = { $by } declines the draw
summary-resigned = { $by } resigns
summary-adjudicated = adjudicated
summary-leave = { $by } on leave { $from } to { $to }
summary-chose = { $by } chose a { $piece ->
    [pawn] pawn
    [knight] knight
    [bishop] bishop
    [rook] rook
    [queen] queen
   *[king] king
}

## The game's lines.
event-round = Round { $round }
event-name = Event: { $event }
event-name-round = Event: { $event }, round { $round }
last-move = Last move: { $move } by { $name }, received { $at }
no-moves = No moves yet.
result = Result: { $outcome } — { $reason }
leave-now = Leave: { $name } is on leave until { $to }; { $name }'s clock is stopped.
leave-coming = Leave: { $name } will be on leave from { $from } to { $to }; { $name }'s clock will not run on those days.
draw-standing = Draw offer: { $by } has offered a draw; it stands until { $other } accepts or declines it, or moves.
lost = Off the board: { $white }; { $black }.
lost-side = { $side } lost { $what }
lost-nothing = nothing

## The plain-text copy's headings and signature.
how-to-reply = How to reply
moves-heading = Moves:
moves-none = (none)
fen-before = Board before the last move (no-undo rule): { $fen }
signature = Sent by dynamo, the Dynamo Chess adjudicator.

## A valid reply token from an address that is not the player's: a note
## to the player's own address, never to the sender.
stranger-note = A mail with the reply token of your notice came at { $at } from { $from }, which is not your address for this game: nothing was recorded, and its sender gets no answer.
stranger-note-next = If it was you, send your reply again from this address, or ask the director to change your address for your games.
## Durations, clocks and deadlines.
span-unit = { $unit ->
    [day] { $count ->
        [one] { $count } day
       *[other] { $count } days
    }
    [hour] { $count ->
        [one] { $count } hour
       *[other] { $count } hours
    }
    [minute] { $count ->
        [one] { $count } minute
       *[other] { $count } minutes
    }
   *[second] { $count ->
        [one] { $count } second
       *[other] { $count } seconds
    }
}
clock-of = Clock of { $named }: { $what }
clock-state = { $left }, { $state }
clock-left = { $time } left
clock-over = { $time } over the time limit
clock-running = running
clock-stopped = stopped for leave
clock-hand = { $time } for the next move, not running
clock-hand-over = { $time } over the time limit, not running ({ $name }'s next move will be late however soon it comes)
deadline-next = Next deadline: { $deadline }, for { $name }'s move
deadline-overdue = Deadline: overdue since { $deadline }, for { $name }'s move

## A move after its deadline.
late-received = received { $by } after its deadline, { $deadline }
late-move = Late move: { $mover }'s { $move } was { $late }; time control { $control }: { $allows }.
late-claim = { $name } may claim the game on time: the director may adjudicate it as a time forfeit. Until the director decides, the game goes on.
move-number = move { $number }
allows-per-move = each move within { $time } of the opponent's move
allows-period = { $time } for every { $moves } moves, so { $total } in all for a player's first { $upto } moves

## The pieces the last move took off the board.
exits = Left the board: { $pieces }.
exit = the { $color } { $piece } from { $from }

## A pawn awaiting its owner's choice.
choice-by-move = { $name }'s move { $move }
choice-by-last = The last move
choice-theirs = { $by } left { $name }'s pawn on { $square }: { $name } chooses what it becomes, then moves.
choice-yours = { $by } brought your pawn to { $square }: choose what it becomes (queen, rook, bishop or knight) and then make your move, in one reply ({ $example }) or the choice first ({ $alone }) and the move later.
choice-example-none = =Q and your move
choice-last-rank = its last rank
headline-chose = { $by } chose a { $piece } for the pawn on { $square }

## The director's corrections.
correction-undone = The director took back { $move } by { $by }
correction-header = The director corrected the game: { $changes }
correction-reason = { $what }. Reason: { $reason }
summary-undone = { $move } taken back
summary-corrected = game record corrected
change-address = { $side }'s address is changed
change-set = { $name } is now "{ $new }"
change-was = { $name } is now "{ $new }" (was "{ $old }")

## How to reply; the phrases stay as the reader of replies reads them.
phrases-offer = "{ $offer }" (alone or with your move), or "{ $resign }"
phrases-answer-offer = "{ $accept }" or "{ $decline }" ({ $opponent } offers a draw), or "{ $resign }"
phrases-resign = "{ $resign }"
reply-move = Reply with one move, alone or in a sentence.
reply-move-example = Reply with one move, alone or in a sentence, for example "{ $move }".
reply-move-examples = Reply with one move, alone or in a sentence, for example "{ $move }" or "I play { $shove }".
reply-or = Or write { $phrases }.
reply-later = When { $opponent } has moved, reply to that notice with one move, alone or in a sentence.
reply-meanwhile = Meanwhile you may write { $phrases }.
replies-go = Replies go to { $to }.
reply-none = The game is over: no reply is needed.

## The HTML copy.
text-diagram = Text diagram
board-alt = The board from { $side }'s side. FEN: { $fen }

## Reminders of a deadline.
remind-subject = Dynamo: { $names } — reminder: { $what }
remind-overdue-subject = your deadline { $deadline } has passed
remind-due-subject = your move is due by { $deadline }
remind-overdue = your move against { $opponent } was due by { $deadline }, { $ago } ago, and no move has been recorded{ $control }. { $opponent } may claim the game on time: the director has a copy of this reminder and may adjudicate it as a time forfeit. Until the director decides, the game goes on and your move is still recorded, as late.
remind-control = { " " }(time control { $control }: { $allows })
remind-due = this is a reminder that it is your move against { $opponent }. Your deadline is { $deadline }, { $left } from now.
remind-last-move = Last move: { $move }
remind-reply = Reply to the last notice of the game, or to this message, with one move, alone or in a sentence.

## Answers to a player's mail.
answer-signature = Sent by dynamo, the Dynamo Chess adjudicator: an automatic answer to your mail.
answer-refused = Your mail of { $at } was read, but nothing was recorded:
answer-already = Your mail of { $at } was read: it is already recorded as { $what } at { $when }. Nothing else was done.
answer-too-large = Your mail of { $at } was not read: it is larger than { $mb } MB, the most the referee reads. Attachments (a photo, a scan) make a mail large.
answer-send-again = Send your move again as a reply to this message, without attachments.
answer-cancelled = Your mail of { $at } was read, but nothing was recorded: the director has cancelled the section { $section }, and its games are no longer played.
answer-moved-on = Your mail of { $at } was read, but nothing was recorded: the game has moved on since the notice you answered; reply to the latest notice (or to this message).
conditional-none-to-cancel = Your mail of { $at } was read: you had no conditional lines to cancel.
conditional-cancelled = Your mail of { $at } was read: your conditional lines are cancelled; none will be played:
conditional-stand = Your mail of { $at } was read: your conditional lines now stand as follows. Each reply is recorded the moment your opponent's move before it is; your opponent never sees them.
