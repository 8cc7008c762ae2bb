/**
 * A press on a form's button before the code behind it has run is held, not lost.
 *
 * A server-rendered page shows "Dodaj do koszyka" before its remote's code has arrived and
 * hydrated. A form whose work is its code (no `action`: the add-to-cart, a coupon, a review)
 * would then do what a browser does with such a form: reload the same address, and the press is
 * gone. So the page's inline script listens on `window`, after every other listener: a submit
 * that no code took (`defaultPrevented` is false) from a form without an `action` is stopped,
 * remembered (the last one; its submitter too), and submitted again with `requestSubmit()` once
 * the route region has hydrated (`<html data-route-ready>`). A submit again not taken (its part
 * hydrates later: an island) is tried every 250 ms, 40 times at most, then let go (a replay's
 * submit event is trusted too, so the script counts its own replays itself). A form with an
 * `action` (the cookie banner, the newsletter, the not-found search) still posts as it would
 * without JavaScript: the server answers those. While a press is held, `<html data-held-submit>`
 * shows the busy cursor (shell styles).
 *
 * ES5 and no dependencies: it runs before any of the shop's code, on any browser that runs the
 * page (one without `requestSubmit`, Safari before 16, gets a plain submit event).
 */
export const HOLD_EARLY_SUBMITS = `(function(d,w){
var root=d.documentElement,held=null,tries=0,timer=0,replaying=false;
function release(){held=null;root.removeAttribute('data-held-submit')}
function replay(){var h=held;release();if(!h||!h.form.isConnected)return;replaying=true;
try{if(h.form.requestSubmit)h.form.requestSubmit(h.by&&h.by.form===h.form?h.by:null);
else h.form.dispatchEvent(new Event('submit',{bubbles:true,cancelable:true}))}finally{replaying=false}}
function later(){if(held&&root.hasAttribute('data-route-ready')){clearTimeout(timer);timer=setTimeout(replay,tries>1?250:0)}}
new MutationObserver(later).observe(root,{attributes:true,attributeFilter:['data-route-ready']});
w.addEventListener('submit',function(e){var f=e.target;
if(e.defaultPrevented||!(f instanceof HTMLFormElement)||f.hasAttribute('action'))return;
e.preventDefault();
if(!replaying)tries=0;
if(++tries>40)return release();
held={form:f,by:e.submitter};root.setAttribute('data-held-submit','');later()})
})(document,window);`;
