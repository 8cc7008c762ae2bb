import { errorPageFor, sendToErrorPage } from './send-to-error-page';

test('/error names the failed page (path and query) and the remote', () => {
  expect(errorPageFor({ pathname: '/c/grzejniki-lazienkowe', search: '?sort=price:asc' }, 'catalog')).toBe(
    '/error?from=%2Fc%2Fgrzejniki-lazienkowe%3Fsort%3Dprice%3Aasc&remote=catalog',
  );
});

test('the shopper is sent there with a full page load, the fact reported; never from /error to /error', () => {
  const assign = jest.fn();
  const report = jest.fn();
  sendToErrorPage('content', { pathname: '/i/regulamin', search: '?x=1', assign } as unknown as Location, report);
  expect(report).toHaveBeenCalledWith({ event: 'mfe_unavailable', remote: 'content', page_path: '/i/regulamin' });
  expect(assign).toHaveBeenCalledWith('/error?from=%2Fi%2Fregulamin%3Fx%3D1&remote=content');
  assign.mockClear();
  report.mockClear();
  sendToErrorPage('content', { pathname: '/error', search: '?from=%2Fi%2Fregulamin', assign } as unknown as Location, report);
  expect(assign).not.toHaveBeenCalled();
  expect(report).not.toHaveBeenCalled();
});
