//! `cargo bench`: perft from the start position and a middlegame.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use dynamo_core::perft::perft;
use dynamo_core::{Position, Rules};

fn bench_perft(c: &mut Criterion) {
    let start = Position::startpos(Rules::NOST);
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    group.bench_function("startpos depth 2", |b| {
        b.iter(|| perft(black_box(&start), 2))
    });
    group.bench_function("startpos depth 3", |b| {
        b.iter(|| perft(black_box(&start), 3))
    });
    group.finish();
}

criterion_group!(benches, bench_perft);
criterion_main!(benches);
