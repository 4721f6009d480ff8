# bench/locate.ts: an INI text read and interpolated by configparser (stdlib_configparser.py, a copy of
# Python 3.11's): mappings inside mappings, regular expressions, a chain of lookups.
import stdlib_configparser as configparser

config = configparser.ConfigParser()
config.read_string("[a]\nx = 1\ny = %(x)s2\n[b]\nz = yes\n")
print(config["a"]["y"], config.getboolean("b", "z"))
