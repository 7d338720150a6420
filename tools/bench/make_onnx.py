"""Builds test-artifacts/bench/lenet5.onnx from our raw weights
(crates/coded-core/assets/lenet5.bin) and checks it with onnxruntime:
logits against the candle fixture to 1e-4, accuracy on the 500 digits.

    python3 tools/bench/make_onnx.py

The graph is exactly our LeNet-5 (crates/coded-core/src/lenet.rs):
Conv(6, 5x5, pad 2) -> ReLU -> MaxPool 2 -> Conv(16, 5x5) -> ReLU -> MaxPool 2
-> Flatten (C,H,W = 400) -> Gemm 120 -> ReLU -> Gemm 84 -> ReLU -> Gemm 10.
The batch dimension is symbolic ("N"), so one file serves every batch size.
"""

import json
import pathlib
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

ROOT = pathlib.Path(__file__).resolve().parents[2]
WEIGHTS = ROOT / "crates/coded-core/assets/lenet5.bin"
DIGITS = ROOT / "crates/coded-core/assets/digits.bin"
DIGITS_INFO = ROOT / "crates/coded-core/assets/digits.json"
FIXTURE = ROOT / "crates/coded-core/tests/fixtures/lenet5_logits.json"
ONNX_PATH = ROOT / "test-artifacts/bench/lenet5.onnx"  # git-ignored
OPSET = 13

# Tensors in file order, PyTorch layouts (Gemm weights are [out, in]).
TENSORS = [
    ("conv1.weight", (6, 1, 5, 5)), ("conv1.bias", (6,)),
    ("conv2.weight", (16, 6, 5, 5)), ("conv2.bias", (16,)),
    ("fc1.weight", (120, 400)), ("fc1.bias", (120,)),
    ("fc2.weight", (84, 120)), ("fc2.bias", (84,)),
    ("fc3.weight", (10, 84)), ("fc3.bias", (10,)),
]


def load_weights():
    # The file holds f16 as two byte planes, low bytes then high bytes
    # (lenet5.json "format"); widening to f32 is exact.
    planes = np.fromfile(WEIGHTS, dtype=np.uint8).reshape(2, -1)
    bits = planes[0].astype(np.uint16) | (planes[1].astype(np.uint16) << 8)
    flat = bits.view("<f2").astype(np.float32)
    assert flat.size == 61_706, flat.size
    out, at = {}, 0
    for name, shape in TENSORS:
        n = int(np.prod(shape))
        out[name] = flat[at:at + n].reshape(shape)
        at += n
    assert at == flat.size
    return out


def load_digits():
    """(images [500,1,28,28] f32 = u8/255, labels [500] u8)."""
    raw = np.fromfile(DIGITS, dtype=np.uint8).reshape(500, 1 + 784)
    images = (raw[:, 1:].astype(np.float32) / np.float32(255)).reshape(-1, 1, 28, 28)
    return images, raw[:, 0]


def build():
    w = load_weights()
    pool = dict(kernel_shape=[2, 2], strides=[2, 2])
    gemm = dict(transB=1)  # y = x W^T + b with W [out, in]
    nodes = [
        helper.make_node("Conv", ["input", "conv1.weight", "conv1.bias"], ["c1"],
                         kernel_shape=[5, 5], pads=[2, 2, 2, 2]),
        helper.make_node("Relu", ["c1"], ["r1"]),
        helper.make_node("MaxPool", ["r1"], ["p1"], **pool),
        helper.make_node("Conv", ["p1", "conv2.weight", "conv2.bias"], ["c2"],
                         kernel_shape=[5, 5]),
        helper.make_node("Relu", ["c2"], ["r2"]),
        helper.make_node("MaxPool", ["r2"], ["p2"], **pool),
        helper.make_node("Flatten", ["p2"], ["flat"], axis=1),  # [N, 400]
        helper.make_node("Gemm", ["flat", "fc1.weight", "fc1.bias"], ["f1"], **gemm),
        helper.make_node("Relu", ["f1"], ["h1"]),
        helper.make_node("Gemm", ["h1", "fc2.weight", "fc2.bias"], ["f2"], **gemm),
        helper.make_node("Relu", ["f2"], ["h2"]),
        helper.make_node("Gemm", ["h2", "fc3.weight", "fc3.bias"], ["logits"], **gemm),
    ]
    graph = helper.make_graph(
        nodes, "lenet5",
        [helper.make_tensor_value_info("input", TensorProto.FLOAT, ["N", 1, 28, 28])],
        [helper.make_tensor_value_info("logits", TensorProto.FLOAT, ["N", 10])],
        initializer=[numpy_helper.from_array(w[name], name) for name, _ in TENSORS],
    )
    model = helper.make_model(graph, producer_name="coded-playground tools/bench",
                              opset_imports=[helper.make_opsetid("", OPSET)])
    model.ir_version = 8  # opset 13 era; loadable by any recent runtime
    onnx.checker.check_model(model, full_check=True)
    return model


def main():
    import onnxruntime as ort

    ONNX_PATH.parent.mkdir(parents=True, exist_ok=True)
    onnx.save(build(), ONNX_PATH)
    print(f"wrote {ONNX_PATH.relative_to(ROOT)} (onnx {onnx.__version__}, opset {OPSET})")

    sess = ort.InferenceSession(str(ONNX_PATH), providers=["CPUExecutionProvider"])
    fx = json.loads(FIXTURE.read_text())
    x = np.asarray(fx["inputs"], dtype=np.float32).reshape(-1, 1, 28, 28)
    diff = np.abs(sess.run(None, {"input": x})[0] - np.asarray(fx["logits"], np.float32)).max()
    images, labels = load_digits()
    acc = (sess.run(None, {"input": images})[0].argmax(1) == labels).mean()
    print(f"onnxruntime {ort.__version__}: fixture max |dlogit| = {diff:.2e} "
          f"({len(x)} inputs), accuracy on {len(labels)} digits = {acc:.3f}")
    ok = diff <= 1e-4 and abs(acc - json.loads(DIGITS_INFO.read_text())["lenet5_accuracy"]) < 1e-9
    print("OK" if ok else "MISMATCH")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
