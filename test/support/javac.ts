// javac's own JVM for the tests' fixture builds: C1 only and the serial collector. A compile of a few
// files is over before C2 pays back; measured on examples/java/pricing/v1 (2 cores): 1.16 s of CPU as
// javac starts by default, 0.67 s so. The classes it writes are the same.
export const JAVAC_JVM = ['-J-XX:TieredStopAtLevel=1', '-J-XX:+UseSerialGC'];
