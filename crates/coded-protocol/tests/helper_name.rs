//! The worker's entry script tells a helper from the leading worker by the
//! name the leader gives it: the script's test must be the contract's name.

use coded_protocol::pool::HELPER_NAME;

#[test]
fn the_worker_loader_knows_a_helper_by_the_pools_name() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../public/worker_loader.js");
    let script = std::fs::read_to_string(path).unwrap();
    let test = format!("if (self.name === '{HELPER_NAME}') {{");
    assert_eq!(
        script.matches(&test).count(),
        1,
        "{path} should test `{test}` once"
    );
    assert_eq!(
        script.matches("self.name").count(),
        1,
        "{path}: one test of the worker's name"
    );
}
