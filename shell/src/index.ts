// Async boundary: shared singletons are negotiated before any of the shell's code runs.
import('./bootstrap');
