<?php
/**
 * The only template: this WordPress is headless.
 *
 * @package WPRig_Headless
 */

status_header( is_404() ? 404 : 200 );
?><!doctype html>
<html <?php language_attributes(); ?>>
<head>
<meta charset="<?php bloginfo( 'charset' ); ?>">
<meta name="robots" content="noindex">
<title><?php echo esc_html( get_bloginfo( 'name' ) ); ?></title>
</head>
<body>
<main>
<h1><?php echo esc_html( get_bloginfo( 'name' ) ); ?></h1>
<p>This WordPress is headless: it serves the <a href="<?php echo esc_url( rest_url() ); ?>">REST API</a> and the <a href="<?php echo esc_url( admin_url() ); ?>">dashboard</a>. The website itself is the Next.js app.</p>
</main>
</body>
</html>
