// bench/locate-library.ts: npm's semver (copied into third_party/semver/, still the user's code to bpdiff) used
// as a program uses it: versions parsed loose and strict, ranges parsed and matched, the highest match,
// a sort, an increment. COUNT (env) rounds; the same output every run.
const semver = require('./third_party/semver');

const COUNT = Number(process.env.COUNT ?? 1);
const versions = ['1.2.3', '1.2.3-beta.4', '2.0.0', '0.9.12+build.5', 'v3.1.0', '1.10.0', '1.2.10-rc.1'];
const ranges = ['^1.2.0', '~1.2.3 || >=2.0.0 <3.0.0', '1.x', '>=0.9.0 <1.0.0-0', '*'];
const lines = [];
for (let round = 0; round < COUNT; round++) {
  for (const range of ranges) {
    const matching = versions.filter((version) => semver.satisfies(version, range, { loose: true }));
    lines.push(`${range}: ${matching.join(',')}; highest ${semver.maxSatisfying(versions, range, { loose: true })}`);
  }
  const clean = versions.map((version) => semver.clean(version, { loose: true }) ?? version);
  lines.push(semver.sort(clean).join(' '));
  lines.push(semver.inc('1.2.3', 'prerelease', 'beta'));
}
console.log(lines.join('\n'));
