// The shell's styles are part of the entry, so the page server finds them in index.html and
// inlines them into every page (the first paint needs no stylesheet request).
import './styles/shell.css';

// Async boundary: shared singletons are negotiated before any of the shell's code runs.
import('./bootstrap');
