// signed-out.html opened on its own (not in the portal's logout frame): the portal's home instead of an empty page.
if (window === window.top) location.replace('/');
