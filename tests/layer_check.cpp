// Linked with the whole of one layer's library and only the layers below it (tests/CMakeLists.txt):
// if any source of the layer used a symbol of a layer above (the engine calling into view, the
// ai calling into analysis, ...), this program would not link, and the build fails.
int main() { return 0; }
