import json

def parse(text):
    data = json.loads(text)
    return data.get("items", [])

def load(texts):
    out = []
    for t in texts:
        try:
            out.extend(parse(t))
        except KeyError as e:
            out.append(f"missing {e}")
    return out

print(load(['{"items": [1, 2]}', '{"item": [3]}', '{"items": [4]}']))
