//! The worker pool, simulated in one thread: a leading [`Engine`] and its
//! [`Helper`]s, with every message passed as bytes as between Web Workers,
//! helpers that run in a shuffled order and at different speeds, and
//! helpers that die. Whatever happens, the table and the curves must be
//! the core's, bit for bit.

use crate::engine::Engine;
use crate::helper::Helper;
use crate::oracle;
use coded_core::{Config, StragglerModel};
use coded_panels::errors::{Axis, CurvesView};
use coded_panels::table::TableView;
use coded_protocol::{FromHelper, FromWorker, Message, ToHelper, ToWorker, UiState};

/// A clock that advances 3 ms a reading: a step runs a few trials.
fn ticking() -> f64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static T: AtomicU64 = AtomicU64::new(0);
    T.fetch_add(3, Ordering::Relaxed) as f64
}

fn to_helper(msg: &ToHelper) -> ToHelper {
    let back = ToHelper::decode(&msg.encode()).unwrap();
    assert_eq!(&back, msg);
    back
}

fn from_helper(msg: &FromHelper) -> FromHelper {
    let back = FromHelper::decode(&msg.encode()).unwrap();
    assert_eq!(back.encode(), msg.encode());
    back
}

/// The pool, and what the page received.
struct Pool {
    leader: Engine,
    helpers: Vec<Option<Helper>>,
    /// Messages on their way to the leader: (helper, message).
    inbox: Vec<(usize, FromHelper)>,
    page: Vec<FromWorker>,
    /// A small LCG: which helper steps next.
    dice: u64,
}

impl Pool {
    fn new() -> Pool {
        Pool {
            leader: Engine::new(ticking),
            helpers: vec![],
            inbox: vec![],
            page: vec![],
            dice: 7,
        }
    }

    fn roll(&mut self, n: usize) -> usize {
        self.dice = self
            .dice
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.dice >> 33) % n as u64) as usize
    }

    fn post(&mut self, msg: ToWorker) {
        let mut out = vec![];
        let msg = ToWorker::decode(&msg.encode()).unwrap();
        self.leader.handle(msg, &mut out);
        self.page.extend(out);
        self.sync();
    }

    /// Starts or stops helpers as the leader wants (a new one says Ready),
    /// and delivers the leader's messages to them.
    fn sync(&mut self) {
        let wanted = self.leader.helpers_wanted();
        self.helpers.truncate(wanted);
        while self.helpers.len() < wanted {
            self.helpers.push(Some(Helper::new(ticking)));
            self.inbox.push((self.helpers.len() - 1, FromHelper::Ready));
        }
        for (h, msg) in self.leader.take_helper_messages() {
            if let Some(Some(helper)) = self.helpers.get_mut(h) {
                let mut out = vec![];
                helper.handle(to_helper(&msg), &mut out);
                self.inbox.extend(out.into_iter().map(|m| (h, m)));
            }
        }
    }

    /// Helper `h` dies (its messages on the way are lost with it) and a new
    /// one takes its place.
    fn kill(&mut self, h: usize) {
        self.inbox.retain(|(from, _)| *from != h);
        self.helpers[h] = None;
        let mut out = vec![];
        self.leader.helper_lost(h, "killed by the test", &mut out);
        self.page.extend(out);
        self.helpers[h] = Some(Helper::new(ticking));
        self.inbox.push((h, FromHelper::Ready));
        self.sync();
    }

    /// One round: a helper or two step, some messages arrive, the leader
    /// steps. Returns false once nothing is left to do anywhere.
    fn tick(&mut self) -> bool {
        let mut active = false;
        for _ in 0..2 {
            if self.helpers.is_empty() {
                break;
            }
            let h = self.roll(self.helpers.len());
            if let Some(helper) = self.helpers[h].as_mut() {
                let mut out = vec![];
                let deadline = ticking() + 5.0;
                active |= helper.step(deadline, &mut out);
                self.inbox.extend(out.into_iter().map(|m| (h, m)));
            }
        }
        // Messages arrive in any order between helpers, in order from one.
        while !self.inbox.is_empty() && self.roll(3) > 0 {
            let i = self.roll(self.inbox.len());
            let h = self.inbox[i].0;
            let first = self.inbox.iter().position(|(from, _)| *from == h).unwrap();
            let (h, msg) = self.inbox.remove(first);
            let mut out = vec![];
            self.leader.helper_message(h, from_helper(&msg), &mut out);
            self.page.extend(out);
        }
        if self.leader.busy() {
            let mut out = vec![];
            self.leader.step(&mut out);
            self.page.extend(out);
            active = true;
        }
        self.sync();
        let helpers_busy = self.helpers.iter().flatten().any(Helper::busy);
        active || helpers_busy || !self.inbox.is_empty()
    }

    /// Posts request `id` (what the page received is cleared).
    fn start(&mut self, config: &Config, ui: &UiState, id: u64) {
        self.page.clear();
        self.post(ToWorker::run(id, config, ui));
    }

    /// Ticks until nothing is left to do (never forever).
    fn finish(&mut self) {
        let mut ticks = 0;
        while self.tick() {
            ticks += 1;
            assert!(ticks < 1_000_000, "the pool never finishes");
        }
    }

    fn run(&mut self, config: &Config, ui: &UiState, id: u64) {
        self.start(config, ui, id);
        self.finish();
        assert!(
            matches!(self.page.last(), Some(FromWorker::Done { id: i }) if *i == id),
            "{:?}",
            self.page.last()
        );
    }

    fn table(&self) -> TableView {
        self.page
            .iter()
            .rev()
            .find_map(|m| match m {
                FromWorker::Table { result, .. } => Some(result.clone().unwrap()),
                _ => None,
            })
            .expect("a table")
    }

    fn curves(&self) -> CurvesView {
        self.page
            .iter()
            .rev()
            .find_map(|m| match m {
                FromWorker::Curves {
                    result,
                    finished: true,
                    ..
                } => Some(result.clone().unwrap()),
                _ => None,
            })
            .expect("curves")
    }
}

fn ui(workers: usize, tab: Axis) -> UiState {
    UiState {
        sweep_ns: vec![10, 20, 40],
        axis: tab,
        workers: Some(workers),
        ..UiState::default()
    }
}

#[test]
fn every_pool_size_gives_the_cores_numbers() {
    for (text, tab) in [
        (r#"{"trials": 13, "k": 6, "n": 20}"#, Axis::N),
        (
            r#"{"trials": 5, "k": 6, "n": 20, "noise": 0.01, "scheme": "letcc"}"#,
            Axis::LambdaDec,
        ),
        (
            r#"{"trials": 3, "function": "lenet5", "k": 4, "n": 16}"#,
            Axis::N,
        ),
    ] {
        let c = Config::from_json(text).unwrap();
        let reference_table = oracle::table(&c, &ui(1, tab));
        let reference_curves = oracle::curves(&c, &ui(1, tab));
        for workers in [1, 2, 3, 4, 8] {
            let mut pool = Pool::new();
            pool.run(&c, &ui(workers, tab), 1);
            assert_eq!(pool.helpers.len(), workers - 1);
            assert_eq!(pool.table(), reference_table, "{text} W={workers}");
            assert_eq!(pool.curves(), reference_curves, "{text} W={workers}");
        }
    }
}

#[test]
fn a_helper_that_dies_mid_sweep_is_replaced_and_nothing_changes() {
    let c = Config::from_json(r#"{"trials": 40, "k": 6, "n": 20}"#).unwrap();
    let u = ui(4, Axis::N);
    for victim in 0..3 {
        for after in [3, 40, 5000] {
            let mut pool = Pool::new();
            pool.start(&c, &u, 1);
            for _ in 0..after {
                pool.tick();
            }
            let done =
                |page: &[FromWorker]| page.iter().any(|m| matches!(m, FromWorker::Done { .. }));
            // Mid-sweep, except the last case (a helper dies while idle).
            assert_eq!(done(&pool.page), after == 5000, "after {after} ticks");
            pool.kill(victim);
            pool.finish();
            assert!(done(&pool.page));
            let lost: Vec<&String> = pool
                .page
                .iter()
                .filter_map(|m| match m {
                    FromWorker::WorkerLost { message, .. } => Some(message),
                    _ => None,
                })
                .collect();
            assert_eq!(lost.len(), 1, "{lost:?}");
            assert!(
                lost[0].starts_with(&format!(
                    "Worker {} of 4 stopped (killed by the test)",
                    victim + 2
                )),
                "{}",
                lost[0]
            );
            assert_eq!(pool.table(), oracle::table(&c, &u));
            assert_eq!(pool.curves(), oracle::curves(&c, &u));
        }
    }
}

#[test]
fn helpers_that_keep_dying_never_hang_the_sweep() {
    // Every helper dies as soon as it has work: the leading worker ends up
    // running every range itself.
    let c = Config::from_json(r#"{"trials": 12, "k": 6, "n": 20}"#).unwrap();
    let u = ui(3, Axis::N);
    let mut pool = Pool::new();
    pool.start(&c, &u, 1);
    let mut ticks = 0;
    loop {
        for h in 0..pool.helpers.len() {
            if pool.helpers[h].as_ref().is_some_and(Helper::busy) {
                pool.kill(h);
            }
        }
        if !pool.tick() {
            break;
        }
        ticks += 1;
        assert!(ticks < 1_000_000, "the pool never finishes");
    }
    assert!(matches!(pool.page.last(), Some(FromWorker::Done { id: 1 })));
    assert_eq!(pool.curves(), oracle::curves(&c, &u));
}

#[test]
fn a_change_of_p_or_trials_does_not_run_f_again_in_any_worker() {
    // Points cut into ranges of trials (x·sin x) and whole points (LeNet-5).
    for text in [
        r#"{"trials": 9, "k": 6, "n": 20}"#,
        r#"{"trials": 9, "function": "lenet5", "k": 4, "n": 16}"#,
    ] {
        let c = Config::from_json(text).unwrap();
        let u = ui(3, Axis::N);
        let mut pool = Pool::new();
        pool.run(&c, &u, 1);
        let prepared = pool.leader.prepare_count();
        let c2 = Config {
            trials: 11,
            stragglers: StragglerModel::Iid { p: 0.35 },
            ..c.clone()
        };
        let u2 = UiState {
            sweep_ps: vec![0.2, 0.4],
            ..u.clone()
        };
        pool.run(&c2, &u2, 2);
        assert_eq!(
            pool.leader.prepare_count(),
            prepared,
            "no new server answers: {text}"
        );
        assert_eq!(pool.curves(), oracle::curves(&c2, &u2));
    }
}

#[test]
fn a_new_request_or_cancel_drops_the_helpers_work() {
    let c = Config::from_json(r#"{"trials": 30, "k": 6, "n": 20}"#).unwrap();
    let u = ui(3, Axis::N);
    let mut pool = Pool::new();
    pool.start(&c, &u, 1);
    for _ in 0..30 {
        pool.tick();
    }
    pool.post(ToWorker::Cancel { id: 1 });
    assert!(pool
        .page
        .iter()
        .any(|m| matches!(m, FromWorker::Cancelled { id: 1, .. })));
    while pool.tick() {}
    assert!(pool.helpers.iter().flatten().all(|h| !h.busy()));
    // Fewer workers, another seed: the new numbers, from every range.
    let c2 = Config { seed: 99, ..c };
    pool.run(&c2, &ui(2, Axis::N), 2);
    assert_eq!(pool.helpers.len(), 1);
    assert_eq!(pool.curves(), oracle::curves(&c2, &u));
}
