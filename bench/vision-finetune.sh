#!/usr/bin/env bash
# npm run vision:finetune [-- <images folder>]: decision 182's fine-tuning of darknet-tiny on the grocery photos,
# written to models/grocery-backbone; then the head mix and starter memory are trained again over it
# (`npm run vision:train -- --head-mix-only`) and the app's pooled features of the exported model are checked
# against PyTorch's. Needs PyTorch from Debian's packages (apt-get install python3-torch) and about 4 GB of memory
# for the training photos' views; the fine-tuning takes about 15 minutes on 2 cores, the head more.
set -euo pipefail
images=${1:-../shared/data/images}
export VISION_FEATURE_CACHE=${VISION_FEATURE_CACHE:-.cache/vision-features}
python=/usr/bin/python3
if ! "$python" -c "import torch" 2>/dev/null; then
  echo "vision:finetune needs PyTorch for $python: apt-get install python3-torch" >&2
  exit 1
fi
# the crops as the app feeds them: ten views of each training photo, the shipped four of grocery-val's choose half
tasks=(val:0 val:1 val:100 val:102)
for view in 0 1 2 3 4 5 6 7 8 9; do tasks+=("dev:$view" "train:$view"); done
npx tsx bench/vision-backbone-features.ts pixels 224 "$images" "${tasks[@]}"
npx tsx bench/vision-finetune.ts index "$VISION_FEATURE_CACHE/finetune-index.json" "$images"
"$python" bench/vision-finetune.py "$VISION_FEATURE_CACHE" "$VISION_FEATURE_CACHE/finetune-index.json" \
  "$VISION_FEATURE_CACHE/finetune-probabilities.json" F --export
npx tsx app/cli/vision-train.server.ts --head-mix-only "$images"
# the app reads the exported model as PyTorch trained it (grocery-val's choose half, as it is)
"$python" bench/vision-finetune.py check "$VISION_FEATURE_CACHE" "$VISION_FEATURE_CACHE/finetune-index.json" \
  models/grocery-backbone
