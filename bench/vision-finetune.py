"""
Decisions 180–182: darknet-tiny fine-tuned on the grocery photos, in part or whole, in PyTorch (Debian's
python3-torch; TensorFlow.js's WebAssembly backend is a hundred times slower at the matrix products here).

Reads what `bench/vision-backbone-features.ts` cached of each view (`darknet-maps`: leaky_re_lu_13, 14 x 14 x 64;
`darknet-stage`: max_pooling2d_4, 14 x 14 x 256; `pixels`: the 224 x 224 crops) and the index written by
`bench/vision-finetune.ts index`; trains each candidate on grocery-dev + grocery-train and
writes, per candidate, its probabilities for each photo of grocery-val's choose half (the shipped four views
averaged), for `bench/vision-finetune.ts compare`. It never reads the report half (the cache holds none of it).

  /usr/bin/python3 bench/vision-finetune.py <maps cache> <index.json> <probabilities.json> [candidate]... [--check] [--export]
  /usr/bin/python3 bench/vision-finetune.py check <maps cache> <index.json> <model folder>

(the candidates of CANDIDATES named, all by default; the maps cache is the VISION_FEATURE_CACHE the maps were cached in)

--export writes F's network as a model folder for the app (models/grocery-backbone).
--check first compares the folded convolutions with the app's own pooled features of darknet-tiny (the cached head
features of the choose half, VISION_FEATURE_CACHE), so the trained layers are known to read what the app computes;
`check` does the same for an exported model folder (vision-finetune.sh runs it after the export).

Training holds every training photo's ten views in memory: for F (the 224 x 224 crops, uint8) about 4 GB.
"""
import hashlib
import json
import math
import os
import sys
import time

import numpy as np
import torch
import torch.nn.functional as F

MODEL = "models/darknet-tiny"
SIDE = 14
TRAINING_VIEWS = range(10)
# the shipped head's test views: whole, mirrored, centre 0.8, centre 0.6 (view numbers of training-features.server.ts)
TEST_VIEWS = (0, 1, 100, 102)
SETTINGS = dict(
    epochs=15, batch=64, head_rate=1e-3, conv_rate=1e-4, weight_decay=1e-4, smoothing=0.1, dropout=0.2, seed=2026
)
LEAK = 0.1
EPSILON = 0.001


def model_files(directory):
    """A TensorFlow.js model folder's model.json as stored, its weights manifest and its weight shards joined."""
    with open(os.path.join(directory, "model.json"), "rb") as f:
        topology = f.read()
    manifest = json.loads(topology)["weightsManifest"]
    shards = []
    for path in (p for group in manifest for p in group["paths"]):
        with open(os.path.join(directory, path), "rb") as f:
            shards.append(f.read())
    return topology, manifest, b"".join(shards)


def fingerprint(directory=MODEL):
    """The app's fingerprint of a model folder (model.server.ts): its model.json and weight shards hashed."""
    topology, _, data = model_files(directory)
    return hashlib.sha256(topology + data).hexdigest()[:16]


def model_weights(directory=MODEL):
    """Every weight of the TensorFlow.js model by name, from its manifest and shards."""
    _, manifest, data = model_files(directory)
    out, at = {}, 0
    for spec in (w for group in manifest for w in group["weights"]):
        assert spec.get("dtype", "float32") == "float32", spec
        count = int(np.prod(spec["shape"]))
        out[spec["name"]] = np.frombuffer(data, np.float32, count, at).reshape(spec["shape"])
        at += 4 * count
    return out


def folded(weights, n):
    """conv2d_n with batch_normalization_n folded in, as PyTorch's (out, in, kh, kw) kernel and bias."""
    kernel = weights[f"conv2d_{n}/kernel"]
    bn = lambda part: weights[f"batch_normalization_{n}/{part}"]
    factor = bn("gamma") / np.sqrt(bn("moving_variance") + EPSILON)
    bias = bn("beta") - bn("moving_mean") * factor
    return (
        torch.tensor(np.transpose(kernel * factor, (3, 2, 0, 1)).copy()),
        torch.tensor(bias.astype(np.float32)),
    )


class Branch(torch.nn.Module):
    """
    darknet-tiny's convolutions `convs` (started from its own weights, each with its leaky ReLU), those in `frozen`
    kept as they are; then a linear layer over the last map averaged, or with `joined`, over that mean, the mean of
    the map before it and its maximum, each scaled to length 1 (the head's own parts of decision 090).
    """

    def __init__(self, weights, classes, convs, frozen=(), joined=False):
        super().__init__()
        self.layers = torch.nn.ModuleList()
        # darknet-tiny's number of each convolution in self.layers, in order (conv2d_n, batch_normalization_n)
        self.numbers = [n for n in convs if n != POOL]
        for n in convs:
            if n == POOL:
                self.layers.append(torch.nn.MaxPool2d(2))
                continue
            kernel, bias = folded(weights, n)
            out, into, size, _ = kernel.shape
            conv = torch.nn.Conv2d(into, out, size, padding=size // 2)
            with torch.no_grad():
                conv.weight.copy_(kernel)
                conv.bias.copy_(bias)
            conv.requires_grad_(n not in frozen)
            self.layers.append(conv)
        self.joined = joined
        self.dropout = torch.nn.Dropout(SETTINGS["dropout"])
        convolutions = [layer for layer in self.layers if isinstance(layer, torch.nn.Conv2d)]
        width = convolutions[-1].out_channels + (2 * convolutions[-2].out_channels if joined else 0)
        self.linear = torch.nn.Linear(width, classes)
        torch.nn.init.zeros_(self.linear.weight)
        torch.nn.init.zeros_(self.linear.bias)

    def maps(self, maps):
        out = []
        for layer in self.layers:
            maps = layer(maps) if isinstance(layer, torch.nn.MaxPool2d) else F.leaky_relu(layer(maps), LEAK)
            out.append(maps)
        return out

    def pooled(self, maps):
        return self.maps(maps)[-1].mean(dim=(2, 3))

    def forward(self, maps):
        *_, before, last = self.maps(maps)
        if not self.joined:
            return self.linear(self.dropout(last.mean(dim=(2, 3))))
        parts = [last.mean(dim=(2, 3)), before.mean(dim=(2, 3)), before.amax(dim=(2, 3))]
        return self.linear(self.dropout(torch.cat([F.normalize(part, dim=1) for part in parts], dim=1)))


POOL = "pool"

# each candidate: the cached map it reads (its channels; 3: the crops' pixels) and its branch (decisions 180–182)
CANDIDATES = {
    "T15": dict(channels=64, convs=(14, 15), frozen=(14,)),
    "T14": dict(channels=64, convs=(14, 15)),
    "S11": dict(channels=256, convs=(11, 12, 13, 14, 15)),
    "S11j": dict(channels=256, convs=(11, 12, 13, 14, 15), joined=True),
    "F": dict(
        channels=3,
        convs=(1, POOL, 2, POOL, 3, 4, 5, 6, POOL, 7, 8, 9, 10, POOL, 11, 12, 13, 14, 15),
    ),
}
READERS = {64: "darknet-maps", 256: "darknet-stage", 3: "pixels"}


def cached_maps(folder, name, view, files, channels):
    """
    The cached rows of one folder in one view as (photos, rows, columns, channels), checked against the photos'
    order: maps in float32, pixels (3 channels) in bytes.
    """
    base = os.path.join(folder, f"{name}-view{view}.bin")
    with open(base + ".json") as f:
        meta = json.load(f)
    assert meta["files"] == files, f"{base}: other photos than the index's"
    side = side_of(channels)
    assert meta["length"] == side * side * channels
    return np.fromfile(base, np.uint8 if channels == 3 else np.float32).reshape(len(files), side, side, channels)


def maps_folder(cache, reader):
    """The folder of the cache holding `reader`'s maps (bench/vision-backbone-features.ts names it by fingerprint)."""
    found = [name for name in os.listdir(cache) if name.startswith(f"{reader}-") and name.endswith(f"-{SIDE * 16}")]
    assert len(found) == 1, f"{cache}: no single folder of {reader} maps ({found})"
    return os.path.join(cache, found[0])


def check(weights, cache, index, model=MODEL, names=("T14", "S11", "F")):
    """
    The untrained branches' pooled conv15 maps over `model`'s weights against the app's cached head features of that
    model (their first 128 are that mean, of length 1), so the layers trained here read what the app computes.
    `npm run vision:train` caches them (for darknet-tiny with VISION_MODEL_DIR=models/darknet-tiny: it then writes
    nothing but the cache).
    """
    features = os.path.join(os.environ["VISION_FEATURE_CACHE"], fingerprint(model), "grocery-val-view0.bin")
    with open(features + ".json") as f:
        meta = json.load(f)
    rows = np.fromfile(features, np.float32).reshape(len(meta["files"]), meta["length"])
    files = [entry["file"] for entry in index["choose"]]
    app = rows[[meta["files"].index(name) for name in files], :128]
    for name in names:
        channels, convs = CANDIDATES[name]["channels"], CANDIDATES[name]["convs"]
        reader = READERS[channels]
        maps = as_input(cached_maps(maps_folder(cache, reader), "grocery-val", 0, files, channels))
        with torch.no_grad():
            pooled = Branch(weights, len(index["classes"]), convs).eval().pooled(maps).numpy()
        pooled /= np.linalg.norm(pooled, axis=1, keepdims=True)
        worst = float(np.abs(pooled - app).max())
        print(f"check {reader}: largest difference from the app's pooled penultimate layer {worst:.2e}", flush=True)
        assert worst < 1e-3, "the folded convolutions do not give what the app computes"


def reader_of(candidate):
    return READERS[candidate["channels"]]


def side_of(channels):
    """The cached rows' side: the crops' own (224), or the maps' (14)."""
    return SIDE * 16 if channels == 3 else SIDE


def as_input(rows):
    """Cached rows (photos, rows, columns, channels) as the network's input: channels first, pixels 0–1."""
    tensor = torch.from_numpy(np.ascontiguousarray(rows)).permute(0, 3, 1, 2)
    return tensor.float().div(255) if tensor.dtype == torch.uint8 else tensor.contiguous()


def train(weights, cache, index, name):
    candidate = CANDIDATES[name]
    folder = maps_folder(cache, reader_of(candidate))
    channels = candidate["channels"]
    torch.manual_seed(SETTINGS["seed"])
    rng = np.random.default_rng(SETTINGS["seed"])
    training = index["training"]
    labels = torch.tensor([entry["label"] for entry in training])
    by_folder = {}
    for at, entry in enumerate(training):
        by_folder.setdefault(entry["folder"], []).append(at)
    side = side_of(channels)
    views = np.empty((len(TRAINING_VIEWS), len(training), side, side, channels), np.uint8 if channels == 3 else np.float32)
    for v in TRAINING_VIEWS:
        for photos_folder, rows in by_folder.items():
            views[v, rows] = cached_maps(folder, photos_folder, v, [training[r]["file"] for r in rows], channels)
    branch = Branch(
        weights,
        len(index["classes"]),
        candidate["convs"],
        candidate.get("frozen", ()),
        candidate.get("joined", False),
    )
    convs = [p for conv in branch.layers for p in conv.parameters() if p.requires_grad]
    optimiser = torch.optim.AdamW(
        [
            dict(params=convs, lr=SETTINGS["conv_rate"]),
            dict(params=branch.linear.parameters(), lr=SETTINGS["head_rate"]),
        ],
        weight_decay=SETTINGS["weight_decay"],
    )
    steps_per_epoch = math.ceil(len(training) / SETTINGS["batch"])
    total = SETTINGS["epochs"] * steps_per_epoch
    schedule = torch.optim.lr_scheduler.LambdaLR(optimiser, lambda step: 0.5 * (1 + math.cos(math.pi * step / total)))
    for epoch in range(SETTINGS["epochs"]):
        started = time.time()
        branch.train()
        order = rng.permutation(len(training))
        picked = rng.integers(0, len(TRAINING_VIEWS), len(training))
        loss_sum = 0.0
        for start in range(0, len(order), SETTINGS["batch"]):
            rows = order[start : start + SETTINGS["batch"]]
            batch = as_input(views[picked[rows], rows])
            loss = F.cross_entropy(branch(batch), labels[rows], label_smoothing=SETTINGS["smoothing"])
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            schedule.step()
            loss_sum += float(loss) * len(rows)
        print(f"{name} epoch {epoch + 1}: loss {loss_sum / len(training):.3f} ({time.time() - started:.0f} s)", flush=True)
    return branch.eval()


def choose_half_probabilities(branch, cache, index, name):
    candidate = CANDIDATES[name]
    folder = maps_folder(cache, reader_of(candidate))
    files = [entry["file"] for entry in index["choose"]]
    summed = 0
    with torch.no_grad():
        for view in TEST_VIEWS:
            maps = as_input(cached_maps(folder, "grocery-val", view, files, candidate["channels"]))
            summed = summed + F.softmax(branch(maps), dim=1)
    return (summed / len(TEST_VIEWS)).tolist()


def export_model(branch, directory=MODEL, target="models/grocery-backbone"):
    """
    The fine-tuned network as a TensorFlow.js model folder the app loads as it loads darknet-tiny (decision 182):
    the same layers, each convolution's trained kernel and its bias as a batch normalisation that adds it (scale 1,
    mean 0, variance 1 - epsilon), darknet-tiny's own ImageNet layer after them; all weights in one shard.
    """
    with open(os.path.join(directory, "model.json")) as f:
        model = json.load(f)
    trained = {}
    convolutions = [layer for layer in branch.layers if isinstance(layer, torch.nn.Conv2d)]
    for n, conv in zip(branch.numbers, convolutions):
        trained[f"conv2d_{n}/kernel"] = conv.weight.detach().numpy().transpose(2, 3, 1, 0)
        bias = conv.bias.detach().numpy()
        trained[f"batch_normalization_{n}/gamma"] = np.ones_like(bias)
        trained[f"batch_normalization_{n}/beta"] = bias
        trained[f"batch_normalization_{n}/moving_mean"] = np.zeros_like(bias)
        trained[f"batch_normalization_{n}/moving_variance"] = np.full_like(bias, 1 - EPSILON)
    original = model_weights(directory)
    specs = [spec for group in model["weightsManifest"] for spec in group["weights"]]
    arrays = [np.ascontiguousarray(trained.get(spec["name"], original[spec["name"]]), np.float32) for spec in specs]
    for spec, arr in zip(specs, arrays):
        assert arr.shape == tuple(spec["shape"]), (spec["name"], arr.shape, spec["shape"])
    data = b"".join(arr.tobytes() for arr in arrays)
    os.makedirs(target, exist_ok=True)
    model["weightsManifest"] = [dict(paths=["weights.bin"], weights=specs)]
    with open(os.path.join(target, "weights.bin"), "wb") as f:
        f.write(data)
    with open(os.path.join(target, "model.json"), "w") as f:
        json.dump(model, f)
    for name in ("labels.json",):
        with open(os.path.join(directory, name)) as source, open(os.path.join(target, name), "w") as copy:
            copy.write(source.read())
    print(f"wrote {target}: {len(data)} bytes of weights")


def main(args):
    if args[0] == "check":
        # the exported model (decision 182's run) against the app's features of it, once vision:train cached them
        cache, index_file, model = args[1:4]
        with open(index_file) as f:
            index = json.load(f)
        check(model_weights(model), cache, index, model, names=("F",))
        return
    cache, index_file, target = args[:3]
    wanted = [a for a in args[3:] if not a.startswith("--")] or list(CANDIDATES)
    torch.set_num_threads(os.cpu_count() or 1)
    with open(index_file) as f:
        index = json.load(f)
    weights = model_weights()
    if "--check" in args:
        check(weights, cache, index)
    out = json.load(open(target)) if os.path.exists(target) else {}
    for name in wanted:
        branch = train(weights, cache, index, name)
        if name == "F" and "--export" in args:
            export_model(branch)
        out[name] = choose_half_probabilities(branch, cache, index, name)
        with open(target, "w") as f:
            json.dump(out, f)
    print(json.dumps(SETTINGS))


if __name__ == "__main__":
    main(sys.argv[1:])
