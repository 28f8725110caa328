<?php
/**
 * Imports the demo-content seed (see content/seed/README.md for the data contract) into the rig's freshly
 * installed WordPress through WordPress's own PHP APIs: users, terms, media (with generated image sizes), posts
 * of every type, featured images, the companion plugin's fields as post meta (file fields as attachment IDs) and
 * the static front page.
 *
 * Usage: php import.php <seed dir>     (run by `scripts/wp-rig.sh boot` after install.php)
 * Prints one summary line per content type; warnings go to stderr. Exits non-zero on invalid seed files.
 */

require __DIR__ . '/bootstrap.php';
require wprig_wp_load();
require_once ABSPATH . 'wp-admin/includes/image.php';
require_once ABSPATH . 'wp-admin/includes/file.php';
require_once ABSPATH . 'wp-admin/includes/media.php';
require_once ABSPATH . 'wp-admin/includes/post.php';

wprig_block_http();
// The seed is not news: no revalidation webhooks while importing.
add_filter( 'lrjn_companion_webhook_enabled', '__return_false' );

$wprig_seed = isset( $argv[1] ) ? rtrim( $argv[1], '/' ) : '';
if ( '' === $wprig_seed || ! is_dir( $wprig_seed ) ) {
	wprig_fail( 'import.php: seed directory not found: ' . $wprig_seed );
}
$wprig_admin = get_user_by( 'login', 'admin' );
if ( ! $wprig_admin ) {
	wprig_fail( 'import.php: the admin user is missing (run install.php first)' );
}
// As the administrator: kses leaves content alone (unfiltered_html), as it does for the charity's editors.
wp_set_current_user( $wprig_admin->ID );
if ( ! post_type_exists( 'reports' ) || ! function_exists( 'lrjn_companion_acf_field_map' ) ) {
	wprig_fail( 'import.php: the lrjn-companion plugin is not active' );
}

/**
 * Import state and helpers.
 */
final class WPRig_Importer {
	/** @var string */
	private $seed;
	/** @var int */
	private $admin_id;
	/** @var array<string,int> file name => attachment ID */
	private $attachments = array();
	/** @var array<string,int> login => user ID */
	private $users = array();
	/** @var int[] attachments still without metadata */
	private $pending = array();
	/** @var array<int,array{0:int,1:string,2:array}> [post ID, field name, value] holding references to other posts */
	private $refs = array();
	/** @var string[] */
	public $warnings = array();
	/** @var array<string,int> */
	public $counts = array();

	/** @var array<string,string>|null File name => alt text (image-alts.json), read on first use. */
	private $alts = null;

	public function __construct( $seed, $admin_id ) {
		$this->seed     = $seed;
		$this->admin_id = (int) $admin_id;
	}

	public function warn( $message ) {
		$this->warnings[] = $message;
		fwrite( STDERR, 'wp-rig import: warning: ' . $message . PHP_EOL );
	}

	private function count( $what, $n = 1 ) {
		$this->counts[ $what ] = ( $this->counts[ $what ] ?? 0 ) + $n;
	}

	/**
	 * Reads a JSON array from the seed; null when the file does not exist.
	 *
	 * @param string $file File name.
	 * @return array|null
	 */
	public function read( $file ) {
		$path = $this->seed . '/' . $file;
		if ( ! file_exists( $path ) ) {
			return null;
		}
		$data = json_decode( (string) file_get_contents( $path ), true );
		if ( JSON_ERROR_NONE !== json_last_error() ) {
			wprig_fail( "import.php: $file is not valid JSON: " . json_last_error_msg() );
		}
		if ( ! is_array( $data ) || ( array() !== $data && array_keys( $data ) !== range( 0, count( $data ) - 1 ) ) ) {
			wprig_fail( "import.php: $file must contain a JSON array" );
		}
		foreach ( $data as $i => $entry ) {
			if ( ! is_array( $entry ) ) {
				wprig_fail( "import.php: $file entry $i is not an object" );
			}
		}
		return $data;
	}

	/**
	 * Seed date (Europe/London local time, ISO 8601 without offset) → MySQL local date.
	 *
	 * @param mixed  $value Date string.
	 * @param string $where For messages.
	 * @return string
	 */
	public function local_date( $value, $where ) {
		if ( ! is_string( $value ) || '' === trim( $value ) ) {
			$this->warn( "$where has no date; using now" );
			return current_time( 'mysql' );
		}
		try {
			$date = new DateTimeImmutable( $value, wp_timezone() );
		} catch ( Exception $e ) {
			wprig_fail( "import.php: $where has an invalid date: $value" );
		}
		$local = $date->setTimezone( wp_timezone() )->format( 'Y-m-d H:i:s' );
		if ( $date->getTimestamp() > time() ) {
			$this->warn( "$where is dated in the future ($value); WordPress will schedule it instead of publishing it" );
		}
		return $local;
	}

	/**
	 * Finds a seed file by name in images/, files/ or the seed root.
	 *
	 * @param string $name File name.
	 * @return string|null Path.
	 */
	private function find_file( $name ) {
		if ( ! is_string( $name ) || '' === $name || false !== strpos( $name, '..' ) || '/' === $name[0] ) {
			return null;
		}
		foreach ( array( 'images/', 'files/', '' ) as $dir ) {
			$path = $this->seed . '/' . $dir . $name;
			if ( is_file( $path ) ) {
				return $path;
			}
		}
		return null;
	}

	/**
	 * Whether a value looks like a seed file name (not a URL, path or free text).
	 *
	 * @param mixed $value Value.
	 * @return bool
	 */
	public function looks_like_file_name( $value ) {
		return is_string( $value ) && (bool) preg_match( '#^[A-Za-z0-9][A-Za-z0-9._/-]*\.[A-Za-z0-9]{2,5}$#', $value ) && ! preg_match( '#^[a-z]+://#i', $value );
	}

	/**
	 * Uploads a seed file once and returns its attachment ID (0 when it is missing).
	 *
	 * @param string $name  File name in images/ or files/.
	 * @param string $date  Local date of the first post using it (upload folder and attachment date).
	 * @param string $where For messages.
	 * @return int
	 */
	public function attachment( $name, $date, $where ) {
		if ( isset( $this->attachments[ $name ] ) ) {
			return $this->attachments[ $name ];
		}
		$path = $this->find_file( $name );
		if ( null === $path ) {
			$this->warn( "$where refers to a missing file: $name" );
			return 0;
		}
		$upload = wp_upload_bits( basename( $name ), null, (string) file_get_contents( $path ), substr( $date, 0, 4 ) . '/' . substr( $date, 5, 2 ) );
		if ( ! empty( $upload['error'] ) ) {
			wprig_fail( "import.php: cannot upload $name: " . $upload['error'] );
		}
		$type  = wp_check_filetype( $upload['file'] );
		$title = ucfirst( trim( (string) preg_replace( '/[-_]+/', ' ', pathinfo( $name, PATHINFO_FILENAME ) ) ) );
		$id    = wp_insert_attachment(
			wp_slash(
				array(
					'post_mime_type' => $type['type'] ? $type['type'] : 'application/octet-stream',
					'post_title'     => $title,
					'post_content'   => '',
					'post_status'    => 'inherit',
					'post_author'    => $this->admin_id,
					'post_date'      => $date,
					'post_date_gmt'  => get_gmt_from_date( $date ),
					'guid'           => $upload['url'],
				)
			),
			$upload['file'],
			0,
			true
		);
		if ( is_wp_error( $id ) ) {
			wprig_fail( "import.php: cannot create the attachment for $name: " . $id->get_error_message() );
		}
		// Metadata and image subsizes are made afterwards, in parallel (see generate_subsizes()).
		$this->pending[] = (int) $id;
		if ( 0 === strpos( (string) $type['type'], 'image/' ) ) {
			// The alt text an editor would write (image-alts.json: what the picture shows), else empty: the demo's
			// covers and heroes are decorative art next to their own title, and a name made from the file name
			// ("Post faith roundtable") would only be noise for a screen reader.
			update_post_meta( $id, '_wp_attachment_image_alt', wp_slash( $this->image_alt( $name ) ) );
		}
		$this->attachments[ $name ] = (int) $id;
		$this->count( 'media' );
		return (int) $id;
	}

	/**
	 * The seed's alt text for an image file: `image-alts.json` (an object, file name → alt text); '' when absent.
	 *
	 * @param string $name File name.
	 * @return string
	 */
	private function image_alt( $name ) {
		if ( null === $this->alts ) {
			$path       = $this->seed . '/image-alts.json';
			$data       = file_exists( $path ) ? json_decode( (string) file_get_contents( $path ), true ) : array();
			$this->alts = is_array( $data ) ? $data : array();
		}
		$alt = $this->alts[ basename( $name ) ] ?? '';
		return is_string( $alt ) ? $alt : '';
	}

	/**
	 * Attaches an unattached upload to the first post that uses it.
	 *
	 * @param int $attachment_id Attachment ID.
	 * @param int $post_id       Parent post ID.
	 */
	private function attach( $attachment_id, $post_id ) {
		global $wpdb;
		if ( $attachment_id && $post_id ) {
			$wpdb->update( $wpdb->posts, array( 'post_parent' => $post_id ), array( 'ID' => $attachment_id, 'post_parent' => 0 ) );
			clean_post_cache( $attachment_id );
		}
	}

	/**
	 * Replaces {{image:file.jpg}} (and {{file:doc.pdf}}) with the uploaded file's URL.
	 *
	 * @param string $html  Content.
	 * @param string $date  Local date for uploads.
	 * @param string $where For messages.
	 * @param int[]  $used  Collects the attachment IDs used.
	 * @return string
	 */
	public function replace_placeholders( $html, $date, $where, array &$used ) {
		return (string) preg_replace_callback(
			'/\{\{\s*(?:image|file)\s*:\s*([^}\s]+)\s*\}\}/',
			function ( $m ) use ( $date, $where, &$used ) {
				$id = $this->attachment( $m[1], $date, $where );
				if ( ! $id ) {
					return $m[0];
				}
				$used[] = $id;
				return (string) wp_get_attachment_url( $id );
			},
			(string) $html
		);
	}

	/**
	 * Generates metadata and subsizes of the uploaded attachments with one thumbs.php process per CPU core.
	 *
	 * @param string $cache Cache directory ('' for none).
	 * @param int    $jobs  Parallel processes.
	 */
	public function generate_subsizes( $cache, $jobs ) {
		if ( ! $this->pending ) {
			return;
		}
		$jobs   = max( 1, min( (int) $jobs, count( $this->pending ) ) );
		$chunks = array_fill( 0, $jobs, array() );
		foreach ( $this->pending as $i => $id ) {
			$chunks[ $i % $jobs ][] = (string) $id;
		}
		$procs = array();
		foreach ( $chunks as $n => $ids ) {
			$cmd   = array_merge( array( PHP_BINARY, '-d', 'memory_limit=512M', __DIR__ . '/thumbs.php', '' === $cache ? '-' : $cache ), $ids );
			$pipes = array();
			$proc  = proc_open( $cmd, array( 1 => array( 'pipe', 'w' ), 2 => STDERR ), $pipes );
			if ( ! is_resource( $proc ) ) {
				wprig_fail( 'import.php: cannot start thumbs.php' );
			}
			$procs[ $n ] = array( $proc, $pipes );
		}
		$hits = 0;
		foreach ( $procs as $n => list( $proc, $pipes ) ) {
			$out  = stream_get_contents( $pipes[1] );
			$code = proc_close( $proc );
			if ( 0 !== $code ) {
				wprig_fail( "import.php: thumbs.php worker $n failed (exit $code): " . trim( (string) $out ) );
			}
			if ( preg_match( '/\((\d+) from cache\)/', (string) $out, $m ) ) {
				$hits += (int) $m[1];
			}
		}
		$this->counts['subsizes from cache'] = $hits;
		$this->pending                       = array();
	}

	/* ----------------------------------------------------------------------------------------------------------- */

	public function import_users() {
		$authors = $this->read( 'authors.json' );
		foreach ( (array) $authors as $i => $a ) {
			$login = isset( $a['login'] ) ? sanitize_user( (string) $a['login'], true ) : '';
			if ( '' === $login ) {
				wprig_fail( "import.php: authors.json entry $i has no login" );
			}
			$name  = isset( $a['name'] ) ? (string) $a['name'] : $login;
			$parts = explode( ' ', $name, 2 );
			$id    = wp_insert_user(
				array(
					'user_login'   => $login,
					'user_pass'    => wp_generate_password( 32, true, true ),
					'user_email'   => $login . '@example.org',
					'display_name' => $name,
					'nickname'     => $name,
					'first_name'   => $parts[0],
					'last_name'    => isset( $parts[1] ) ? $parts[1] : '',
					'description'  => isset( $a['description'] ) ? (string) $a['description'] : '',
					'role'         => 'author',
				)
			);
			if ( is_wp_error( $id ) ) {
				wprig_fail( "import.php: cannot create user $login: " . $id->get_error_message() );
			}
			$this->users[ $login ] = (int) $id;
			$this->count( 'authors' );
		}
	}

	/**
	 * @param mixed  $login Author login.
	 * @param string $where For messages.
	 * @return int
	 */
	private function user_id( $login, $where ) {
		if ( ! is_string( $login ) || '' === $login ) {
			return $this->admin_id;
		}
		if ( isset( $this->users[ $login ] ) ) {
			return $this->users[ $login ];
		}
		$user = get_user_by( 'login', $login );
		if ( $user ) {
			return (int) $user->ID;
		}
		$this->warn( "$where: unknown author '$login'; using the admin user" );
		return $this->admin_id;
	}

	/**
	 * @param string $file     Seed file.
	 * @param string $taxonomy Taxonomy.
	 */
	public function import_terms( $file, $taxonomy ) {
		$terms = $this->read( $file );
		foreach ( (array) $terms as $i => $t ) {
			$slug = isset( $t['slug'] ) ? sanitize_title( (string) $t['slug'] ) : '';
			if ( '' === $slug ) {
				wprig_fail( "import.php: $file entry $i has no slug" );
			}
			$name     = isset( $t['name'] ) && '' !== $t['name'] ? (string) $t['name'] : $slug;
			$existing = get_term_by( 'slug', $slug, $taxonomy );
			$args     = array(
				'slug'        => $slug,
				'description' => isset( $t['description'] ) ? (string) $t['description'] : '',
			);
			$result   = $existing
				? wp_update_term( $existing->term_id, $taxonomy, wp_slash( array_merge( $args, array( 'name' => $name ) ) ) )
				: wp_insert_term( wp_slash( $name ), $taxonomy, wp_slash( $args ) );
			if ( is_wp_error( $result ) ) {
				wprig_fail( "import.php: cannot create $taxonomy '$slug': " . $result->get_error_message() );
			}
			$this->count( $taxonomy );
		}
		return (array) $terms;
	}

	/**
	 * Term IDs for slugs; unknown slugs are created (with a warning).
	 *
	 * @param mixed  $slugs    List of slugs.
	 * @param string $taxonomy Taxonomy.
	 * @param string $where    For messages.
	 * @return int[]
	 */
	private function term_ids( $slugs, $taxonomy, $where ) {
		$ids = array();
		foreach ( (array) $slugs as $slug ) {
			if ( ! is_string( $slug ) || '' === $slug ) {
				continue;
			}
			$term = get_term_by( 'slug', $slug, $taxonomy );
			if ( ! $term ) {
				$this->warn( "$where: unknown $taxonomy '$slug'; creating it" );
				$created = wp_insert_term( $slug, $taxonomy, array( 'slug' => $slug ) );
				if ( is_wp_error( $created ) ) {
					wprig_fail( "import.php: cannot create $taxonomy '$slug': " . $created->get_error_message() );
				}
				$ids[] = (int) $created['term_id'];
				continue;
			}
			$ids[] = (int) $term->term_id;
		}
		return $ids;
	}

	/**
	 * Inserts one entry of any post type and its featured image, terms and fields.
	 *
	 * @param string $post_type Post type.
	 * @param array  $e         Seed entry.
	 * @param string $where     For messages.
	 * @param array  $meta      Extra meta (field name => value; file fields as file names) merged into $e['acf'].
	 * @return int Post ID.
	 */
	public function insert( $post_type, array $e, $where, array $meta = array(), $menu_order = 0 ) {
		$slug = isset( $e['slug'] ) ? sanitize_title( (string) $e['slug'] ) : '';
		if ( '' === $slug ) {
			wprig_fail( "import.php: $where has no slug" );
		}
		$where .= " ($slug)";
		$date   = $this->local_date( $e['date'] ?? null, $where );
		$status = isset( $e['status'] ) && in_array( $e['status'], array( 'publish', 'draft', 'pending', 'private' ), true ) ? $e['status'] : 'publish';
		$used   = array();

		$content = $this->replace_placeholders( (string) ( $e['content'] ?? '' ), $date, $where, $used );
		$excerpt = $this->replace_placeholders( (string) ( $e['excerpt'] ?? '' ), $date, $where, $used );

		$post_id = wp_insert_post(
			wp_slash(
				array(
					'post_type'      => $post_type,
					'post_name'      => $slug,
					'post_title'     => (string) ( $e['title'] ?? $slug ),
					'post_content'   => $content,
					'post_excerpt'   => $excerpt,
					'post_status'    => $status,
					'post_date'      => $date,
					'post_date_gmt'  => get_gmt_from_date( $date ),
					'post_author'    => $this->user_id( $e['author'] ?? null, $where ),
					'menu_order'     => (int) $menu_order,
					'comment_status' => 'closed',
					'ping_status'    => 'closed',
				)
			),
			true
		);
		if ( is_wp_error( $post_id ) ) {
			wprig_fail( "import.php: cannot insert $where: " . $post_id->get_error_message() );
		}
		$actual = get_post_field( 'post_name', $post_id );
		if ( 'publish' === $status && $actual !== $slug ) {
			$this->warn( "$where: slug became '$actual' (duplicate slug in the seed?)" );
		}
		foreach ( $used as $att ) {
			$this->attach( $att, $post_id );
		}

		if ( ! empty( $e['image'] ) ) {
			$thumb = $this->attachment( (string) $e['image'], $date, $where );
			if ( $thumb ) {
				set_post_thumbnail( $post_id, $thumb );
				$this->attach( $thumb, $post_id );
			}
		}

		$fields = array_merge( isset( $e['acf'] ) && is_array( $e['acf'] ) ? $e['acf'] : array(), $meta );
		$this->store_fields( $post_id, $post_type, $fields, $date, $where );

		$this->count( $post_type . ( 'publish' === $status ? '' : ' (' . $status . ')' ) );
		return (int) $post_id;
	}

	/**
	 * Stores fields as post meta named like the ACF fields; file fields become attachment IDs.
	 *
	 * @param int    $post_id   Post ID.
	 * @param string $post_type Post type.
	 * @param array  $fields    Field name => value.
	 * @param string $date      Local date for uploads.
	 * @param string $where     For messages.
	 */
	private function store_fields( $post_id, $post_type, array $fields, $date, $where ) {
		$map     = lrjn_companion_acf_field_map();
		$formats = isset( $map[ $post_type ] ) ? $map[ $post_type ] : array();
		foreach ( $fields as $name => $value ) {
			if ( ! is_string( $name ) || '' === $name || null === $value ) {
				continue;
			}
			$format = isset( $formats[ $name ] ) ? $formats[ $name ] : null;
			if ( null === $format ) {
				$this->warn( "$where: field '$name' is not in the plugin's field list for $post_type; stored but not exposed in acf" );
			}
			if ( 'file' === $format && $this->looks_like_file_name( $value ) ) {
				$id = $this->attachment( $value, $date, $where );
				if ( $id ) {
					$this->attach( $id, $post_id );
				}
				$value = $id ? $id : $value;
			} elseif ( 'gallery' === $format && is_array( $value ) ) {
				$ids = array();
				foreach ( $value as $item ) {
					$ids[] = $this->looks_like_file_name( $item ) ? $this->attachment( $item, $date, $where ) : $item;
				}
				$value = array_values( array_filter( $ids ) );
			} elseif ( 'bool' === $format ) {
				$value = $value ? '1' : '0';
			} elseif ( is_array( $value ) && $this->has_post_refs( $value ) ) {
				// Resolved once every post exists (see resolve_post_refs()); stored as given until then.
				$this->refs[] = array( (int) $post_id, $name, $value );
			}
			update_post_meta( $post_id, $name, wp_slash( $value ) );
		}
	}

	/**
	 * Whether a list holds post references: `{ "post_type": …, "post_name": … }` objects without an ID.
	 *
	 * @param array $value Field value.
	 * @return bool
	 */
	private function has_post_refs( array $value ) {
		foreach ( $value as $item ) {
			if ( is_array( $item ) && isset( $item['post_type'], $item['post_name'] ) && ! isset( $item['ID'] ) ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * Turns the seed's post references (relationship/post object fields such as event speakers and organizers) into
	 * what ACF stores and returns for a post object: `{ ID, post_title, post_type, post_name }` of the real post.
	 * Runs after every post type is imported, so a reference may point at any of them. An unknown post is kept
	 * without an ID, with a warning.
	 */
	public function resolve_post_refs() {
		foreach ( $this->refs as list( $post_id, $name, $value ) ) {
			foreach ( $value as $i => $item ) {
				if ( ! is_array( $item ) || ! isset( $item['post_type'], $item['post_name'] ) || isset( $item['ID'] ) ) {
					continue;
				}
				$found = get_posts(
					array(
						'post_type'      => (string) $item['post_type'],
						'name'           => (string) $item['post_name'],
						'post_status'    => 'any',
						'posts_per_page' => 1,
					)
				);
				if ( ! $found ) {
					$this->warn( "post $post_id field '$name': no {$item['post_type']} '{$item['post_name']}'" );
					continue;
				}
				$value[ $i ] = array(
					'ID'         => (int) $found[0]->ID,
					'post_title' => $found[0]->post_title,
					'post_type'  => $found[0]->post_type,
					'post_name'  => $found[0]->post_name,
				);
			}
			update_post_meta( $post_id, $name, wp_slash( $value ) );
		}
		$this->refs = array();
	}

	/**
	 * @param string   $file      Seed file.
	 * @param string   $post_type Post type.
	 * @param callable $extra     Entry → extra fields.
	 * @return array<string,int> slug => ID
	 */
	public function import_posts( $file, $post_type, $extra = null ) {
		$entries = $this->read( $file );
		$ids     = array();
		foreach ( (array) $entries as $i => $e ) {
			$meta  = $extra ? (array) call_user_func( $extra, $e ) : array();
			$order = in_array( $post_type, array( 'page', 'team_member' ), true ) ? $i : 0;
			$id    = $this->insert( $post_type, $e, "$file entry $i", $meta, $order );
			$ids[ (string) get_post_field( 'post_name', $id ) ] = $id;
			if ( 'post' === $post_type ) {
				$cats = $this->term_ids( $e['categories'] ?? array(), 'category', "$file entry $i" );
				if ( $cats ) {
					wp_set_object_terms( $id, $cats, 'category' );
				}
				$tags = $this->term_ids( $e['tags'] ?? array(), 'post_tag', "$file entry $i" );
				wp_set_object_terms( $id, $tags, 'post_tag' );
			} elseif ( ! empty( $e['tags'] ) && is_object_in_taxonomy( $post_type, 'post_tag' ) ) {
				// Events and media items carry tags too (the companion registers post_tag for them), e.g. content-note.
				wp_set_object_terms( $id, $this->term_ids( $e['tags'], 'post_tag', "$file entry $i" ), 'post_tag' );
			}
			if ( 'media_archive' === $post_type ) {
				wp_set_object_terms( $id, $this->term_ids( $e['media_categories'] ?? array(), 'media_category', "$file entry $i" ), 'media_category' );
			}
		}
		return $ids;
	}
}

$wprig_started = microtime( true );
$wprig         = new WPRig_Importer( $wprig_seed, $wprig_admin->ID );

$wprig->import_users();
$wprig_categories = $wprig->import_terms( 'categories.json', 'category' );
$wprig->import_terms( 'tags.json', 'post_tag' );
$wprig->import_terms( 'media-categories.json', 'media_category' );

// The seed's first category replaces "Uncategorized" as the default, so no empty stray category is listed.
if ( $wprig_categories ) {
	$wprig_default = get_term_by( 'slug', sanitize_title( (string) $wprig_categories[0]['slug'] ), 'category' );
	$wprig_uncat   = get_term_by( 'slug', 'uncategorized', 'category' );
	if ( $wprig_default && $wprig_uncat && (int) $wprig_uncat->term_id !== (int) $wprig_default->term_id ) {
		update_option( 'default_category', (int) $wprig_default->term_id );
		wp_delete_term( (int) $wprig_uncat->term_id, 'category' );
	}
}

$wprig->import_posts( 'posts.json', 'post' );
$wprig_pages = $wprig->import_posts( 'pages.json', 'page' );
$wprig->import_posts(
	'reports.json',
	'reports',
	static function ( $e ) {
		$fields = array();
		if ( isset( $e['organization'] ) ) {
			$fields['organization'] = (string) $e['organization'];
		}
		if ( ! empty( $e['pdf'] ) ) {
			$fields['pdf_file'] = (string) $e['pdf'];
		}
		return $fields;
	}
);
$wprig->import_posts(
	'causes.json',
	'cause',
	static function ( $e ) {
		return isset( $e['short_description'] ) ? array( 'short_description' => (string) $e['short_description'] ) : array();
	}
);
$wprig->import_posts(
	'events.json',
	'events',
	static function ( $e ) {
		// The featured image doubles as the ACF `image` field unless the seed sets one. `"acf": []` in the seed means
		// an event without any custom fields (REST `acf: []`, as ACF gives without a field group): nothing is added.
		if ( array_key_exists( 'acf', $e ) && array() === $e['acf'] ) {
			return array();
		}
		return ! empty( $e['image'] ) && empty( $e['acf']['image'] ) ? array( 'image' => (string) $e['image'] ) : array();
	}
);
$wprig->import_posts( 'media-archive.json', 'media_archive' );
$wprig->import_posts( 'team.json', 'team_member' );
$wprig->import_posts( 'vacancies.json', 'vacancy' );
$wprig->resolve_post_refs();

// Media archive items without a featured image use their `featured_image` field as one.
foreach ( get_posts( array( 'post_type' => 'media_archive', 'post_status' => 'any', 'posts_per_page' => -1, 'fields' => 'ids' ) ) as $wprig_item ) {
	$wprig_featured = get_post_meta( $wprig_item, 'featured_image', true );
	if ( ! has_post_thumbnail( $wprig_item ) && is_numeric( $wprig_featured ) && (int) $wprig_featured > 0 ) {
		set_post_thumbnail( $wprig_item, (int) $wprig_featured );
	}
}

// Static front page and privacy page.
if ( isset( $wprig_pages['home'] ) ) {
	update_option( 'show_on_front', 'page' );
	update_option( 'page_on_front', $wprig_pages['home'] );
} else {
	$wprig->warn( "pages.json has no 'home' page; the front page stays the latest posts" );
}
if ( isset( $wprig_pages['privacy-policy'] ) ) {
	update_option( 'wp_page_for_privacy_policy', $wprig_pages['privacy-policy'] );
}

$wprig_jobs = (int) getenv( 'WP_RIG_JOBS' );
if ( $wprig_jobs < 1 ) {
	$wprig_jobs = max( 1, (int) trim( (string) shell_exec( 'nproc 2>/dev/null' ) ) );
}
$wprig_t = microtime( true );
$wprig->generate_subsizes( (string) getenv( 'WP_RIG_CACHE' ), $wprig_jobs );
$wprig_subsize_seconds = microtime( true ) - $wprig_t;

flush_rewrite_rules( false );

$wprig_summary = array();
foreach ( $wprig->counts as $wprig_what => $wprig_n ) {
	$wprig_summary[] = "$wprig_n $wprig_what";
}
printf(
	"imported %s in %.1f s (image sizes: %.1f s, %d processes)%s\n",
	$wprig_summary ? implode( ', ', $wprig_summary ) : 'nothing (empty seed)',
	microtime( true ) - $wprig_started,
	$wprig_subsize_seconds,
	$wprig_jobs,
	$wprig->warnings ? ' (' . count( $wprig->warnings ) . ' warnings)' : ''
);
