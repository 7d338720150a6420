// The computation worker's entry script: the page starts it once (src/runner.rs,
// WORKER_URL) and that leading worker starts it again for each helper of its
// pool, named "coded-helper" (coded_protocol::pool::HELPER_NAME; a test in
// crates/coded-protocol/tests/helper_name.rs holds this script to it).
//
// Why our own loader and not trunk's shim: a helper does not fetch and compile
// the worker's wasm again. The leading worker fetches it with streaming
// compilation, and posts its compiled WebAssembly.Module as a helper's first
// message; the helper instantiates that module. So a pool of any size
// downloads and compiles the wasm once.
//
// A load that fails is thrown from a task of its own: a rejected promise would
// be lost without a word, while a thrown error fires the starter's `error`
// event (the page's error box, or the leader replacing the helper).
importScripts('./worker.js');

function load(moduleOrPath) {
  wasm_bindgen({ module_or_path: moduleOrPath }).catch((e) => {
    setTimeout(() => {
      throw e;
    });
  });
}

if (self.name === 'coded-helper') {
  self.addEventListener('message', (event) => load(event.data), { once: true });
} else {
  load('./worker_bg.wasm');
}
