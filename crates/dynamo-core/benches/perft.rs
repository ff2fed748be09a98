//! `cargo bench`: perft from the start position and three middlegames
//! (the figures of docs/reference.md, "Speed").

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use dynamo_core::perft;
use dynamo_core::{Position, Rules};

/// Three middlegames: kings castled on the same side, a queen's-gambit
/// structure with White's king at home, and Black to move with rooks on
/// open files.
const MIDDLEGAMES: [(&str, &str); 3] = [
    (
        "castled",
        "r4rk1/pp3ppp/2n5/3q4/3P4/2N2N2/PP3PPP/R2Q1RK1 w - - 0 1",
    ),
    (
        "gambit",
        "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R1BQKB1R w KQ - 0 8",
    ),
    (
        "open files",
        "2r2rk1/1b2qppp/p3pn2/1p6/3N4/P1B1P3/1P2BPPP/2RQ1RK1 b - - 0 17",
    ),
];

fn bench_perft(c: &mut Criterion) {
    let start = Position::startpos(Rules::NOST);
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    group.bench_function("startpos depth 2", |b| {
        b.iter(|| perft(black_box(&start), 2))
    });
    group.throughput(Throughput::Elements(perft(&start, 3)));
    group.bench_function("startpos depth 3", |b| {
        b.iter(|| perft(black_box(&start), 3))
    });
    for (name, fen) in MIDDLEGAMES {
        let pos = Position::from_fen(fen, Rules::NOST).expect("a valid middlegame");
        group.throughput(Throughput::Elements(perft(&pos, 3)));
        group.bench_function(format!("{name} depth 3"), |b| {
            b.iter(|| perft(black_box(&pos), 3))
        });
    }
    group.finish();
}

criterion_group!(benches, bench_perft);
criterion_main!(benches);
