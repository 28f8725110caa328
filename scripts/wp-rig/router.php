<?php
/**
 * Router for `php -S 127.0.0.1:PORT -t /usr/share/wordpress router.php` (the rig's web server).
 *
 * - Makes Debian's wp-config.php load /etc/wordpress/config-wprig.php whatever Host the client used.
 * - Serves /wp-content/* (uploads, the plugin's and theme's assets) from the rig's WP_CONTENT_DIR, which lives in
 *   the state directory rather than under the document root.
 * - Runs existing PHP files (wp-login.php, wp-admin/…), lets the built-in server send other existing files, and
 *   hands every other path to index.php, so pretty permalinks and /wp-json/… work.
 *
 * This file is executed at global scope on purpose: WordPress must be required from the global scope.
 */

$_SERVER['WORDPRESS_CONFIG'] = getenv( 'WP_RIG_CONFIG_NAME' ) ?: 'wprig';

$wprig_root = rtrim( (string) $_SERVER['DOCUMENT_ROOT'], '/' );
$wprig_path = rawurldecode( (string) parse_url( (string) $_SERVER['REQUEST_URI'], PHP_URL_PATH ) );

// Nothing outside the roots, no dot files (.htaccess), no NUL bytes.
if ( '' === $wprig_path || false !== strpos( $wprig_path, "\0" ) || preg_match( '#(^|/)\.#', $wprig_path ) ) {
	http_response_code( 404 );
	header( 'Content-Type: text/plain; charset=utf-8' );
	echo "Not found\n";
	return true;
}

// Static files from the rig's wp-content (uploads etc.). PHP files there are never executed directly.
if ( 0 === strpos( $wprig_path, '/wp-content/' ) ) {
	$wprig_content = rtrim( (string) getenv( 'WP_RIG_CONTENT_DIR' ), '/' );
	$wprig_file    = $wprig_content . substr( $wprig_path, strlen( '/wp-content' ) );
	$wprig_real    = realpath( $wprig_file );
	if ( '' !== $wprig_content && false !== $wprig_real && is_file( $wprig_real ) && ! preg_match( '/\.(php|phtml|phar)$/i', $wprig_real ) ) {
		$wprig_types = array(
			'jpg'   => 'image/jpeg',
			'jpeg'  => 'image/jpeg',
			'png'   => 'image/png',
			'gif'   => 'image/gif',
			'webp'  => 'image/webp',
			'avif'  => 'image/avif',
			'svg'   => 'image/svg+xml',
			'ico'   => 'image/x-icon',
			'pdf'   => 'application/pdf',
			'mp3'   => 'audio/mpeg',
			'm4a'   => 'audio/mp4',
			'ogg'   => 'audio/ogg',
			'wav'   => 'audio/wav',
			'mp4'   => 'video/mp4',
			'webm'  => 'video/webm',
			'css'   => 'text/css; charset=utf-8',
			'js'    => 'text/javascript; charset=utf-8',
			'json'  => 'application/json',
			'txt'   => 'text/plain; charset=utf-8',
			'woff'  => 'font/woff',
			'woff2' => 'font/woff2',
		);
		$wprig_ext   = strtolower( pathinfo( $wprig_real, PATHINFO_EXTENSION ) );
		$wprig_mtime = filemtime( $wprig_real );
		$wprig_etag  = '"' . dechex( (int) $wprig_mtime ) . '-' . dechex( (int) filesize( $wprig_real ) ) . '"';
		header( 'Content-Type: ' . ( $wprig_types[ $wprig_ext ] ?? 'application/octet-stream' ) );
		header( 'Last-Modified: ' . gmdate( 'D, d M Y H:i:s', (int) $wprig_mtime ) . ' GMT' );
		header( 'ETag: ' . $wprig_etag );
		header( 'Cache-Control: public, max-age=3600' );
		header( 'X-Content-Type-Options: nosniff' );
		if ( 'svg' === $wprig_ext ) {
			header( "Content-Security-Policy: default-src 'none'; style-src 'unsafe-inline'; sandbox" );
		}
		if ( isset( $_SERVER['HTTP_IF_NONE_MATCH'] ) && trim( (string) $_SERVER['HTTP_IF_NONE_MATCH'] ) === $wprig_etag ) {
			http_response_code( 304 );
			return true;
		}
		header( 'Content-Length: ' . filesize( $wprig_real ) );
		if ( 'HEAD' !== ( $_SERVER['REQUEST_METHOD'] ?? 'GET' ) ) {
			readfile( $wprig_real );
		}
		return true;
	}
	// Missing upload: let WordPress answer (a 404 page).
}

$wprig_file = $wprig_root . $wprig_path;
if ( is_dir( $wprig_file ) ) {
	if ( '/' !== substr( $wprig_path, -1 ) ) {
		// /wp-admin → /wp-admin/ as Apache would.
		$wprig_query = (string) parse_url( (string) $_SERVER['REQUEST_URI'], PHP_URL_QUERY );
		header( 'Location: ' . $wprig_path . '/' . ( '' !== $wprig_query ? '?' . $wprig_query : '' ), true, 301 );
		return true;
	}
	$wprig_file = rtrim( $wprig_file, '/' ) . '/index.php';
	$wprig_path = rtrim( $wprig_path, '/' ) . '/index.php';
}

if ( is_file( $wprig_file ) ) {
	if ( preg_match( '/\.php$/i', $wprig_file ) ) {
		$_SERVER['SCRIPT_NAME']     = $wprig_path;
		$_SERVER['PHP_SELF']        = $wprig_path;
		$_SERVER['SCRIPT_FILENAME'] = $wprig_file;
		chdir( dirname( $wprig_file ) );
		require $wprig_file;
		return true;
	}
	return false; // The built-in server sends the file.
}

// Pretty permalinks and the REST API: everything else goes to WordPress's front controller.
$_SERVER['SCRIPT_NAME']     = '/index.php';
$_SERVER['PHP_SELF']        = '/index.php';
$_SERVER['SCRIPT_FILENAME'] = $wprig_root . '/index.php';
chdir( $wprig_root );
require $wprig_root . '/index.php';
return true;
