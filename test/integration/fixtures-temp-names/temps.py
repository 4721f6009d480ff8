import os, pathlib, tempfile

folder = tempfile.mkdtemp()
with tempfile.NamedTemporaryFile(dir=folder, suffix=".txt", delete=False) as handle:
    handle.write(b"hello")
    name = handle.name
kept = pathlib.Path(folder) / "kept.txt"
kept.write_text("hello")
pid = os.getpid()
print(len(name) > 0)
