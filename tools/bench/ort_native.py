"""onnxruntime (native CPU, one thread) on our LeNet-5: images/s and G
multiply-adds/s at batch 256 and 1024 of the 500 digits (repeated to fill).

    python3 tools/bench/make_onnx.py   # once: writes test-artifacts/bench/lenet5.onnx
    python3 tools/bench/ort_native.py [--runs 20] [--warmup 3]

Each timed run is one session.run on the whole batch (input numpy -> logits
numpy, so the small input/output copies are included, as they would be in any
caller). Reports the best and the median run.
"""

import argparse
import os
import statistics
import time

import numpy as np
import onnxruntime as ort

from make_onnx import ONNX_PATH, load_digits

MACS_PER_IMAGE = 416_520  # conv1 117 600 + conv2 240 000 + fc 48 000 + 10 080 + 840


def session():
    opts = ort.SessionOptions()
    opts.intra_op_num_threads = 1
    opts.inter_op_num_threads = 1
    opts.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
    opts.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    return ort.InferenceSession(str(ONNX_PATH), opts, providers=["CPUExecutionProvider"])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=20)
    ap.add_argument("--warmup", type=int, default=3)
    ap.add_argument("--batches", type=int, nargs="+", default=[256, 1024])
    args = ap.parse_args()

    sess = session()
    images, labels = load_digits()
    print(f"onnxruntime {ort.__version__} CPU, 1 intra-op thread, sequential; "
          f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs")
    for batch in args.batches:
        idx = np.arange(batch) % len(images)  # repeat the 500 digits to fill
        x = np.ascontiguousarray(images[idx])
        for _ in range(args.warmup):
            out = sess.run(None, {"input": x})[0]
        acc = (out.argmax(1) == labels[idx]).mean()  # sanity: same model, same answers
        times = []
        for _ in range(args.runs):
            t0 = time.perf_counter()
            sess.run(None, {"input": x})
            times.append(time.perf_counter() - t0)
        best, med = min(times), statistics.median(times)
        print(f"batch {batch:5d}: best {batch / best:8.0f} images/s "
              f"({batch * MACS_PER_IMAGE / best / 1e9:5.2f} GMAC/s), "
              f"median {batch / med:8.0f} images/s ({batch * MACS_PER_IMAGE / med / 1e9:5.2f} GMAC/s), "
              f"{args.runs} runs, accuracy {acc:.3f}")


if __name__ == "__main__":
    main()
